import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { contentDrafts, contentVersions, masterComponents } from "~/.server/db/schema";
import { DomainError, isDomainError } from "~/.server/domain-error";
import type { Staff } from "~/modules/kernel/staff.server";
import { recordAudit } from "~/modules/kernel/audit.server";
import { parseComponents, type StoredComponent } from "~/modules/cms/page-components.schema";
import { publishUnpublishedPage, readPageContent, savePageContent, type PageContent } from "~/modules/cms/page-content.server";
import { keepLiveVersion } from "~/modules/cms/page-versions.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { SITE_ID } from "~/modules/kernel/options";
import { BadSectionIndex, changeSections, type SectionChange } from "./component-edits";
import { componentRefused } from "./component-errors";

/**
 * In-page editing of a page's content in one language (decisions 0051 and 0056): every
 * change is a draft (content_drafts) until Publish, which goes through savePageContent,
 * the one write path of page content (version check, version row, audit, caches).
 *
 * Two checks keep editors from overwriting each other silently:
 * - a draft change posts the draft `revision` it was made on; another editor's save in
 *   between is a 409 naming them (`editing.errors.draftChanged`);
 * - Publish passes the draft's `baseVersion` (the live version it started from) as the
 *   expected version: a page published or saved in the backoffice since is a 409
 *   (`editing.errors.liveChanged`), and the draft stays for the editor to redo.
 */
type Actor = Pick<Staff, "id" | "email">;
export type DraftInfo = { revision: number; baseVersion: number; updatedByEmail: string; updatedAt: string };
/** `id` names this draft: a later one (after a publish or a discard) has another (draft-preview.server.ts). */
export type PageDraft = { id: number; content: PageContent; info: DraftInfo };
type Target = { pageId: number; languageCode: string };

const draftOf = ({ pageId, languageCode }: Target) =>
  and(
    eq(contentDrafts.siteId, SITE_ID),
    eq(contentDrafts.kind, "page"),
    eq(contentDrafts.entityId, pageId),
    eq(contentDrafts.languageCode, languageCode),
  );

const refused = (code: string, key: string, status: number, values?: Record<string, string | number>) =>
  new DomainError(code, { message: code, key, status, values });

export async function readPageDraft(target: Target, executor?: Executor): Promise<PageDraft | null> {
  const db = executor ?? (await getDb());
  const [row] = await db.select().from(contentDrafts).where(draftOf(target));
  if (!row) return null;
  return {
    id: row.id,
    content: row.data as PageContent,
    info: {
      revision: row.revision,
      baseVersion: row.baseVersion,
      updatedByEmail: row.updatedByEmail,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/** What an editor changes in one post: the page's own texts or its sections. */
export type PageEdit = { texts: { title: string; metaDescription: string; bodyHtml: string } } | { sections: SectionChange };

function applyEdit(content: PageContent, edit: PageEdit): PageContent {
  if ("texts" in edit) return { ...content, ...edit.texts };
  try {
    const components = changeSections(content.components as unknown as Parameters<typeof changeSections>[0], edit.sections);
    return { ...content, components: components as unknown as StoredComponent[] };
  } catch (error) {
    if (error instanceof BadSectionIndex) throw refused("noSection", "editing.errors.noSection", 409);
    throw error;
  }
}

/** The components checked by their own schemas; the first refusal is the panel's message. */
function checked(content: PageContent): PageContent {
  const { components, skipped } = parseComponents(content.components);
  if (skipped.length > 0) throw componentRefused(skipped[0].issues?.[0], skipped[0].index);
  return { ...content, bodyHtml: sanitizeCmsHtml(content.bodyHtml), components };
}

/**
 * Applies one change to the draft (made from the live content when there is none yet).
 * `revision` is the draft revision the editor's screen shows, 0 when it showed no draft.
 */
export async function editPageDraft(staff: Actor, target: Target & { revision: number; edit: PageEdit }): Promise<{ revision: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(contentDrafts).where(draftOf(target)).for("update");
    if (draft && draft.revision !== target.revision)
      throw refused("draftChanged", "editing.errors.draftChanged", 409, { who: draft.updatedByEmail });
    if (!draft && target.revision !== 0) throw refused("draftGone", "editing.errors.draftGone", 409);
    const live = draft ? null : await readPageContent(target.pageId, target.languageCode, tx);
    if (!draft && !live) throw refused("noTranslation", "editing.errors.noTranslation", 404);
    const content = checked(applyEdit(draft ? (draft.data as PageContent) : live!.content, target.edit));
    const who = { updatedBy: staff.id, updatedByEmail: staff.email, updatedAt: new Date() };
    if (draft) {
      await tx
        .update(contentDrafts)
        .set({ data: content, revision: draft.revision + 1, ...who })
        .where(eq(contentDrafts.id, draft.id));
      return { revision: draft.revision + 1 };
    }
    await tx.insert(contentDrafts).values({
      siteId: SITE_ID,
      kind: "page",
      entityId: target.pageId,
      languageCode: target.languageCode,
      data: content,
      baseVersion: live!.version,
      revision: 1,
      ...who,
    });
    return { revision: 1 };
  });
}

/** Throws the draft away (the live page is untouched); a draft changed meanwhile is a 409. */
export async function discardPageDraft(target: Target & { revision: number }): Promise<void> {
  const db = await getDb();
  const [draft] = await db.select().from(contentDrafts).where(draftOf(target));
  if (!draft) return;
  if (draft.revision !== target.revision) throw refused("draftChanged", "editing.errors.draftChanged", 409, { who: draft.updatedByEmail });
  await db.delete(contentDrafts).where(and(eq(contentDrafts.id, draft.id), eq(contentDrafts.revision, target.revision)));
}

/** The live state gets a version row before the first in-page publish replaces it, so restoring can undo it. */
async function keepLiveState(staff: Actor, target: Target): Promise<void> {
  const live = await readPageContent(target.pageId, target.languageCode);
  if (live)
    await keepLiveVersion(staff, { ...target, version: live.version, content: live.content }, "kept before the first in-page publish");
}

/** savePageContent's stale-version refusal in the editor's words. */
async function liveWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDomainError(error) && error.code === "staleEdit") throw refused("liveChanged", "editing.errors.liveChanged", 409);
    throw error;
  }
}

/**
 * Publishes the draft: live at once for shoppers (caches cleared by savePageContent), a version kept.
 * A page made in the "new page" dialog has its content already and no draft: Publish puts it live as made.
 */
export async function publishPageDraft(staff: Actor, target: Target & { revision: number }): Promise<{ version: number }> {
  const draft = await readPageDraft(target);
  if (!draft && target.revision === 0) {
    const published = await publishUnpublishedPage(staff, target.pageId);
    const live = published ? await readPageContent(target.pageId, target.languageCode) : null;
    if (live) return { version: live.version };
  }
  if (!draft) throw refused("noDraft", "editing.errors.noDraft", 409);
  if (draft.info.revision !== target.revision)
    throw refused("draftChanged", "editing.errors.draftChanged", 409, { who: draft.info.updatedByEmail });
  await keepLiveState(staff, target);
  // A page made in the "new page" dialog goes live with its first publish, in the same write.
  const saved = await liveWrite(() =>
    savePageContent(staff, {
      ...target,
      content: draft.content,
      expectedVersion: draft.info.baseVersion,
      source: "publish",
      publish: true,
    }),
  );
  const db = await getDb();
  await db.delete(contentDrafts).where(and(draftOf(target), eq(contentDrafts.revision, target.revision)));
  return saved;
}

/**
 * Restores a kept version as the new live version ("restore of n"); `liveVersion` is the
 * live version the editor's history showed. An open draft of the page is dropped: it was
 * made on the content the editor has just chosen to replace.
 */
export async function restorePageVersion(
  staff: Actor,
  target: Target & { versionId: number; liveVersion: number },
): Promise<{ version: number }> {
  const db = await getDb();
  const [kept] = await db
    .select({ version: contentVersions.version, data: contentVersions.data })
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.id, target.versionId),
        eq(contentVersions.kind, "page"),
        eq(contentVersions.entityId, target.pageId),
        eq(contentVersions.languageCode, target.languageCode),
      ),
    );
  if (!kept) throw refused("noVersion", "editing.errors.noVersion", 404);
  await keepLiveState(staff, target);
  const saved = await liveWrite(() =>
    savePageContent(staff, {
      pageId: target.pageId,
      languageCode: target.languageCode,
      content: kept.data as PageContent,
      expectedVersion: target.liveVersion,
      source: "restore",
      note: `restore of ${kept.version}`,
    }),
  );
  await db.delete(contentDrafts).where(draftOf(target));
  return saved;
}

/**
 * spec §7 createTranslationFromOriginal: the page's Croatian content copied into another
 * language as its first version, to be edited there. The Croatian slug is kept unless
 * another page of that language uses it (then the language's code is appended).
 */
export async function createTranslationFromOriginal(staff: Actor, target: Target): Promise<{ version: number }> {
  if (target.languageCode === "hrv") throw refused("isOriginal", "editing.errors.isOriginal", 400);
  const [original, existing] = await Promise.all([
    readPageContent(target.pageId, "hrv"),
    readPageContent(target.pageId, target.languageCode),
  ]);
  if (!original) throw refused("noOriginal", "editing.errors.noOriginal", 404);
  if (existing) throw refused("translationExists", "editing.errors.translationExists", 409);
  const copy = (slug: string) =>
    savePageContent(staff, {
      ...target,
      content: { ...original.content, slug },
      expectedVersion: null,
      source: "create",
      note: "translation of hrv",
    });
  try {
    return await copy(original.content.slug);
  } catch (error) {
    if (!isDomainError(error) || error.code !== "slugTaken") throw error;
    return copy(`${original.content.slug}-${target.languageCode.slice(0, 2)}`.slice(0, 200));
  }
}

/** Saved sections editors reuse on other pages (spec §2 "choose master component"). */
export async function listMasterComponents() {
  const db = await getDb();
  return db
    .select({ id: masterComponents.id, name: masterComponents.name, component: masterComponents.component })
    .from(masterComponents)
    .where(eq(masterComponents.siteId, SITE_ID))
    .orderBy(masterComponents.name);
}

export async function saveMasterComponent(staff: Actor, input: { name: string; component: unknown }): Promise<number> {
  const { components, skipped } = parseComponents([input.component]);
  if (skipped.length > 0) throw componentRefused(skipped[0].issues?.[0], 0);
  const { hidden: _hidden, ...component } = components[0];
  const db = await getDb();
  const [row] = await db
    .insert(masterComponents)
    .values({ siteId: SITE_ID, name: input.name, component: component as Record<string, unknown>, createdBy: staff.id })
    .returning({ id: masterComponents.id });
  await recordAudit(db, staff, {
    entity: "masterComponent",
    entityId: row.id,
    action: "create",
    after: { name: input.name, type: component.type },
  });
  return row.id;
}

export async function masterComponent(id: number): Promise<Record<string, unknown> & { type: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ component: masterComponents.component })
    .from(masterComponents)
    .where(and(eq(masterComponents.id, id), eq(masterComponents.siteId, SITE_ID)));
  if (!row) throw refused("noMaster", "editing.errors.noMaster", 404);
  return row.component as Record<string, unknown> & { type: string };
}
