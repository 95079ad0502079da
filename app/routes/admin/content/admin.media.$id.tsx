import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { formatDate } from "~/lib/format";
import { resultFor } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALE_LANGUAGE_CODE } from "~/lib/locales";
import { MEDIA_SIZES, mediaUrl, type MediaSize } from "~/lib/media";
import { messageKey } from "~/lib/validation-message";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { deleteMedia, MediaInUse, replaceMedia, updateMedia } from "~/modules/media-library/media-admin.server";
import { mediaDetail } from "~/modules/media-library/media-detail.server";
import { MediaEditForm } from "~/modules/media-library/media-edit-form";
import { formatBytes, MediaPreview } from "~/modules/media-library/media-grid";
import { mediaEditSchema, mediaPageSchema } from "~/modules/media-library/media-library.schema";
import { mediaFolderList } from "~/modules/media-library/media-list.server";
import { usageText } from "~/modules/media-library/usage-text";
import { UsagePlaces } from "~/modules/media-library/usage-places";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminMedia"] };

/**
 * One file of the media library (/admin/media/:id; spec §2 modal "edit media", §3 Media
 * item): its texts per language, access and folder; replace the file keeping its URL;
 * where it is used; delete while unused; the audit trail.
 */
const NOT_FOUND = "adminMedia.errors.notFound";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const item = await mediaDetail(id, LOCALE_LANGUAGE_CODE[requestLocale(request).locale]);
  if (!item) throw await rowNotFound(request, NOT_FOUND);
  const [folders, audit] = await Promise.all([mediaFolderList(), auditTrail("media", id)]);
  return { locale: requestLocale(request).locale, item, folders, audit, constraint: formConstraint(mediaEditSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const { form, submission } = await readSubmission(request, mediaPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  const toast = async (key: string) => ({ headers: await setToast({ type: "success", key }) });
  try {
    if (input.intent === "save") {
      await updateMedia(staff, id, input);
      return redirect(`/admin/media/${id}`, await toast("adminMedia.saved"));
    }
    if (input.intent === "replace") {
      const file = form.getAll("file").find((f): f is File => typeof f !== "string");
      await replaceMedia(staff, id, input.revision, file);
      return redirect(`/admin/media/${id}`, await toast("adminMedia.replace.done"));
    }
    await deleteMedia(staff, id, input.revision);
    return redirect("/admin/media", await toast("adminMedia.delete.done"));
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await rowNotFound(request, NOT_FOUND);
    if (error instanceof MediaInUse) {
      const t = await getFixedT(requestLocale(request).locale);
      return refuse(submission, { status: 409, formErrors: [messageKey(error.key, { usage: usageText(t, error.usage) })] });
    }
    return answerDomainError(error, submission, ["access", "folderId", "file"]);
  }
}

export default function AdminMediaItem() {
  const { locale, item, folders, audit, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const replaceResult = resultFor(answer, "replace");
  const image = item.mime.startsWith("image/");
  return (
    <AdminPage
      title={item.title}
      testId="admin-media-item"
      actions={
        <Link to="/admin/media" className="text-sm underline">
          {t("adminMedia.back")}
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <section className="space-y-3 rounded border border-slate-200 bg-white p-4 text-sm" aria-labelledby="media-file-title">
          <h2 id="media-file-title" className="text-lg font-semibold">
            {t("adminMedia.detail.file")}
          </h2>
          <MediaPreview item={item} size={288} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-semibold">{t("adminMedia.detail.file")}</dt>
            <dd className="break-all" data-testid="media-original-name">
              {item.originalName}
            </dd>
            <dt className="font-semibold">{t("adminMedia.detail.type")}</dt>
            <dd>{item.mime}</dd>
            <dt className="font-semibold">{t("adminMedia.detail.size")}</dt>
            <dd>{formatBytes(item.size, locale)}</dd>
            {item.width && item.height ? (
              <>
                <dt className="font-semibold">{t("adminMedia.detail.dimensions")}</dt>
                <dd>{`${item.width} × ${item.height}`}</dd>
              </>
            ) : null}
            <dt className="font-semibold">{t("adminMedia.detail.version")}</dt>
            <dd data-testid="media-version">{item.version}</dd>
            <dt className="font-semibold">{t("adminMedia.detail.uploaded")}</dt>
            <dd>{formatDate(item.createdAt, locale, { style: "numeric", time: "short" })}</dd>
          </dl>
          {item.access === "public" && image ? (
            <div className="space-y-1">
              <p className="font-semibold">{t("adminMedia.detail.url")}</p>
              <code className="block break-all rounded bg-slate-100 p-1 text-xs" data-testid="media-url">
                {mediaUrl({ ...item, version: 1 })}
              </code>
              <p className="font-semibold">{t("adminMedia.detail.sizes")}</p>
              <ul className="flex flex-wrap gap-2">
                {(Object.keys(MEDIA_SIZES) as MediaSize[]).map((size) => (
                  <li key={size}>
                    <a
                      href={mediaUrl(item, size)}
                      className="text-brand-700 underline"
                      target="_blank"
                      rel="noreferrer"
                    >{`${size} ${MEDIA_SIZES[size].width}×${MEDIA_SIZES[size].height}`}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-slate-600">{t("adminMedia.detail.privateHint")}</p>
          )}
          <a href={`/admin/media/${item.id}/file`} className="text-brand-700 underline">
            {t("adminMedia.detail.open")}
          </a>
        </section>

        <div className="space-y-6">
          <section
            className="rounded border border-slate-200 bg-white p-4 text-sm"
            aria-labelledby="media-usage-title"
            data-testid="media-usage"
          >
            <h2 id="media-usage-title" className="mb-2 text-lg font-semibold">
              {t("adminMedia.usage.title")}
            </h2>
            <p>{item.used ? t("adminMedia.usage.usedOn", { list: usageText(t, item.usage) }) : t("adminMedia.usage.none")}</p>
            <UsagePlaces places={item.places} />
          </section>

          <MediaEditForm
            key={item.revision}
            defaults={item.form}
            revision={item.revision}
            folders={folders}
            constraint={constraint}
            lastResult={answer}
            picture={item.access === "public" && image ? item : null}
          />

          <SecureForm
            method="post"
            encType="multipart/form-data"
            className="space-y-2 rounded border border-slate-200 bg-white p-4 text-sm"
            data-testid="media-replace"
          >
            <h2 className="text-lg font-semibold">{t("adminMedia.replace.title")}</h2>
            <p className="text-slate-600">{t("adminMedia.replace.hint")}</p>
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="revision" value={item.revision} />
            <label className="flex flex-col gap-1 font-semibold">
              {t("adminMedia.replace.file")}
              <input type="file" name="file" required accept={image ? "image/*" : undefined} className="font-normal" />
            </label>
            <FormError errors={replaceResult?.error?.[""] ?? replaceResult?.error?.file} testId="media-replace-error" />
            <Button variant="secondary" pending={busy("replace")}>
              {t("adminMedia.replace.submit")}
            </Button>
          </SecureForm>

          <SecureForm className="space-y-2 rounded border border-slate-200 bg-white p-4 text-sm" data-testid="media-delete">
            <h2 className="text-lg font-semibold">{t("adminMedia.delete.title")}</h2>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="revision" value={item.revision} />
            <p className="text-slate-600">{item.used ? t("adminMedia.delete.usedHint") : t("adminMedia.delete.hint")}</p>
            <FormError errors={resultFor(answer, "delete")?.error?.[""]} testId="media-delete-error" />
            <Button variant="secondary" pending={busy("delete")}>
              {t("adminMedia.delete.submit")}
            </Button>
          </SecureForm>
        </div>
      </div>
      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminMedia.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
