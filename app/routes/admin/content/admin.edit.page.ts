import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonDomainError } from "~/.server/http/domain-error.server";
import { data } from "@remix-run/node";
import { z } from "zod/v4";
import { readSubmission } from "~/.server/forms.server";
import { integer } from "~/lib/schema-fields";
import { requireStaff } from "~/routes/http/staff.server";
import { pageContentVersions, readPageContent } from "~/modules/cms/page-content.server";
import { newComponent } from "~/modules/editing/component-edits";
import { CONTENT_LANGUAGES, pageEditSchema, type PageEditPost } from "~/modules/editing/edit.schema";
import {
  createTranslationFromOriginal,
  discardPageDraft,
  editPageDraft,
  masterComponent,
  publishPageDraft,
  readPageDraft,
  restorePageVersion,
  saveMasterComponent,
  type PageEdit,
} from "~/modules/editing/page-drafts.server";
import type { Staff } from "~/modules/kernel/staff.server";

/**
 * The in-page editor's changes of a page's content in one language (decisions 0051 and 0056): draft
 * edits (texts, sections), discard, publish, restore, translation from the Croatian
 * original, master components. Answers JSON for the editor's fetchers: `{ ok, revision }`
 * or `{ error: { key, values, field } }` with the refusal's status (400, 404, 409).
 * GET is the page's history (who, when, how) for the history dialog.
 */
const historyQuery = z.object({ pageId: integer({ min: 1 }), lng: z.enum(CONTENT_LANGUAGES) });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const url = new URL(request.url);
  const query = historyQuery.safeParse({ pageId: Number(url.searchParams.get("pageId")), lng: url.searchParams.get("lng") });
  if (!query.success) throw data({ detail: "pageId and lng" }, { status: 400 });
  const [versions, live] = await Promise.all([
    pageContentVersions(query.data.pageId, query.data.lng),
    readPageContent(query.data.pageId, query.data.lng),
  ]);
  return {
    liveVersion: live?.version ?? null,
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
  };
}

function editOf(post: PageEditPost): PageEdit | null {
  switch (post.intent) {
    case "texts":
      return { texts: { title: post.title, metaDescription: post.metaDescription, bodyHtml: post.bodyHtml } };
    case "add":
      return { sections: { op: "add", at: post.at, component: newComponent(post.type) } };
    case "addMaster":
      // A reference, not a copy: the master is edited in one place and every page follows.
      return { sections: { op: "add", at: post.at, component: { type: "master", masterId: post.masterId } } };
    case "move":
      return { sections: { op: "move", index: post.index, to: post.to } };
    case "duplicate":
      return { sections: { op: "duplicate", index: post.index } };
    case "hide":
      return { sections: { op: "hide", index: post.index, hidden: post.hidden === "true" } };
    case "remove":
      return { sections: { op: "remove", index: post.index } };
    case "component":
      return { sections: { op: "replace", index: post.index, component: post.component as Record<string, unknown> & { type: string } } };
    default:
      return null;
  }
}

async function perform(staff: Staff, post: PageEditPost): Promise<Record<string, unknown>> {
  const target = { pageId: post.pageId, languageCode: post.lng };
  switch (post.intent) {
    case "discard":
      await discardPageDraft({ ...target, revision: post.revision });
      return { revision: 0 };
    case "publish":
      return { ...(await publishPageDraft(staff, { ...target, revision: post.revision })), revision: 0 };
    case "restore":
      return { ...(await restorePageVersion(staff, { ...target, versionId: post.versionId, liveVersion: post.liveVersion })), revision: 0 };
    case "translate":
      return { ...(await createTranslationFromOriginal(staff, target)), revision: 0 };
    case "saveMaster": {
      const draft = await readPageDraft(target);
      const content = draft?.content ?? (await readPageContent(post.pageId, post.lng))?.content;
      const component = content?.components[post.index];
      if (!component) return { error: { key: "editing.errors.noSection" }, status: 409 };
      return { masterId: await saveMasterComponent(staff, { name: post.name, component }), revision: post.revision };
    }
    default: {
      // A master that does not exist is a translated 404, not a reference to nothing.
      if (post.intent === "addMaster") await masterComponent(post.masterId);
      return editPageDraft(staff, { ...target, revision: post.revision, edit: editOf(post)! });
    }
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, pageEditSchema);
  if (submission.status !== "success") {
    const [field, messages] = Object.entries(submission.error ?? {})[0] ?? ["", ["core.validation.pattern"]];
    return data({ ok: false as const, error: { key: messages?.[0] ?? "core.validation.pattern", values: {}, field } }, { status: 400 });
  }
  try {
    const { status, ...result } = await perform(staff, submission.value);
    if (typeof status === "number") return data({ ok: false as const, ...result }, { status });
    return { ok: true as const, ...result };
  } catch (error) {
    return jsonDomainError(error);
  }
}
