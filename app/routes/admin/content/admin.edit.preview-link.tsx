import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { readSubmission } from "~/.server/forms.server";
import { jsonDomainError } from "~/.server/http/domain-error.server";
import { getFixedT } from "~/.server/i18n.server";
import { requestLocale } from "~/.server/shopper.server";
import { useTranslation } from "~/lib/i18n";
import { makePreviewLink, previewSubject } from "~/modules/editing/draft-preview.server";
import { previewLinkSchema } from "~/modules/editing/edit.schema";
import { PreviewLinkField } from "~/modules/editing/ui/preview-link-field";
import { requireStaff } from "~/routes/http/staff.server";

export const handle = { i18n: ["editing"] };

/**
 * A draft's preview link (decision 0124), made by an editor (the scope that edits pages) for
 * the page's draft in one language. The toolbar's dialog posts here with a fetcher and shows
 * the answer; without JavaScript, edit mode's note links to this screen (GET ?pageId&lng),
 * whose form posts here and shows the link in the answer. The link is the post's answer and
 * nothing is stored, so a repeated post only makes another link.
 */
const PRIVATE = { "Cache-Control": "private, no-store" };
export const headers = () => PRIVATE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const url = new URL(request.url);
  const query = previewLinkSchema.safeParse({ pageId: Number(url.searchParams.get("pageId")), lng: url.searchParams.get("lng") });
  const t = await getFixedT(requestLocale(request).locale);
  if (!query.success) throw data({ detail: t("editing.previewLink.noPage") }, { status: 400, headers: PRIVATE });
  const subject = await previewSubject({ pageId: query.data.pageId, languageCode: query.data.lng });
  if (!subject) throw data({ detail: t("editing.errors.notFound") }, { status: 404, headers: PRIVATE });
  return data({ ...subject, pageId: query.data.pageId, lng: query.data.lng }, { headers: PRIVATE });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, previewLinkSchema);
  if (submission.status !== "success") {
    const [field, messages] = Object.entries(submission.error ?? {})[0] ?? ["", ["core.validation.pattern"]];
    return data(
      { ok: false as const, error: { key: messages?.[0] ?? "core.validation.pattern", values: {}, field } },
      { status: 400, headers: PRIVATE },
    );
  }
  try {
    const link = await makePreviewLink({ pageId: submission.value.pageId, languageCode: submission.value.lng });
    return data({ ok: true as const, url: link.url, expiresAt: link.expiresAt.toISOString() }, { headers: PRIVATE });
  } catch (error) {
    return jsonDomainError(error);
  }
}

export default function PreviewLinkScreen() {
  const { title, editPath, hasDraft, pageId, lng } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <AdminPage title={t("editing.previewLink.title")} testId="preview-link-screen">
      <div className="max-w-2xl space-y-4 rounded border border-slate-200 bg-white p-4">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-slate-700">{t("editing.previewLink.intro")}</p>
        {answer?.ok ? <PreviewLinkField url={answer.url} expiresAt={answer.expiresAt} /> : null}
        {answer && !answer.ok ? (
          <p role="alert" className="text-sm text-red-700">
            {t(answer.error.key)}
          </p>
        ) : null}
        {hasDraft ? (
          // The answer is drawn with this screen's data, so the post keeps the page and language in its address.
          <SecureForm action={`?${new URLSearchParams({ pageId: String(pageId), lng })}`}>
            <input type="hidden" name="pageId" value={pageId} />
            <input type="hidden" name="lng" value={lng} />
            <Button type="submit" pending={navigation.state === "submitting"}>
              {answer?.ok ? t("editing.previewLink.again") : t("editing.previewLink.make")}
            </Button>
          </SecureForm>
        ) : (
          <p className="text-sm">{t("editing.errors.noDraft")}</p>
        )}
        <p>
          <a href={editPath} className="text-sm underline">
            {t("editing.previewLink.back")}
          </a>
        </p>
      </div>
    </AdminPage>
  );
}
