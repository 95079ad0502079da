import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { isLocale } from "~/lib/locales";
import { messageText } from "~/lib/validation-message";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { MediaInUse, updateMediaTexts, uploadMedia } from "~/modules/media-library/media-admin.server";
import { dialogItem, mediaDialogPage, mediaDialogQuery } from "~/modules/media-library/media-dialog.server";
import { mediaDialogPostSchema } from "~/modules/media-library/media-library.schema";
import { usageText } from "~/modules/media-library/usage-text";
import { requestLocale } from "~/.server/shopper.server";

/**
 * The JSON side of the in-page editor's media dialog (decisions 0051 and 0052): GET a page of
 * the library; POST an upload (multipart, the same checks as /admin/media; the library page
 * sends its files here one per request, so no post nears the body limit) or an "edit
 * media" change of title and alt per language. Scope editor, CSRF token and honeypot on
 * every post (the dialog's forms carry them). Answers `{ ok: true, ... }` or
 * `{ ok: false, message }` with the status of the refusal, the message in the user's language.
 */
// A resource route answers real Responses: with single fetch a `data()` here would lose its status.
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, mediaDialogQuery);
  return Response.json(await mediaDialogPage(query), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  const exists = (key: string) => t(key, { defaultValue: "\u0000" }) !== "\u0000";
  const { form, submission } = await readSubmission(request, mediaDialogPostSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "admin.list.badQuery";
    return Response.json({ ok: false, message: messageText({ t, exists }, first) }, { status: 400, headers: NO_STORE });
  }
  const input = submission.value;
  const lang = new URL(request.url).searchParams.get("lang");
  const content = isLocale(lang) ? lang : "hr";
  try {
    if (input.intent === "upload") {
      const files = form.getAll("files").filter((f): f is File => typeof f !== "string" && (f.size > 0 || f.name !== ""));
      if (files.length === 0) return Response.json({ ok: false, message: t("adminMedia.upload.none") }, { status: 400, headers: NO_STORE });
      const stored = await uploadMedia(staff, files, { access: input.access, folderId: input.folderId });
      return Response.json({ ok: true, items: stored.map((row) => dialogItem(row, content)) }, { headers: NO_STORE });
    }
    const row = await updateMediaTexts(staff, input.id, input.revision, input.texts);
    return Response.json({ ok: true, items: [dialogItem(row, content)] }, { headers: NO_STORE });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const values = error instanceof MediaInUse ? { usage: usageText(t, error.usage) } : error.values;
    return Response.json({ ok: false, message: t(error.key, values) }, { status: error.status, headers: NO_STORE });
  }
}
