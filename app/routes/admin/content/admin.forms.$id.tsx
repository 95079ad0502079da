import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { href } from "~/lib/routes-table";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdOrNew, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { FormBlock } from "~/modules/forms/form-block";
import { builderValue, createForm, deleteForm, formDetail, updateForm } from "~/modules/forms/form-admin.server";
import { FormBuilder } from "~/modules/forms/form-builder";
import { formBuilderSchema, formPageSchema } from "~/modules/forms/form-builder.schema";
import { formView } from "~/modules/forms/forms.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["consent"] };

/**
 * One database form (/admin/forms/:id and /admin/forms/new, decision 0055): the builder,
 * a preview of the form as shoppers see it, the pages that show it, its submissions in the
 * enquiries inbox, the audit trail; deleted only while no page shows it.
 */
const NOT_FOUND = "adminCommunity.forms.notFound";
const FIELDS = ["slug", "fields"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdOrNew(request, params.id, NOT_FOUND);
  const { locale } = requestLocale(request);
  const constraint = formConstraint(formBuilderSchema);
  if (id === null) return { locale, detail: null, defaults: builderValue(null), preview: null, constraint, audit: [] };
  const detail = await formDetail(id);
  if (!detail) throw await rowNotFound(request, NOT_FOUND);
  const preview = await formView(detail.slug, locale);
  return { locale, detail, defaults: detail.form, preview, constraint, audit: await auditTrail("form", id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await rowIdOrNew(request, params.id, NOT_FOUND);
  const { submission } = await readSubmission(request, formPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "delete") {
      if (id === null) throw await rowNotFound(request, NOT_FOUND);
      await deleteForm(staff, id, input.version);
      return redirect("/admin/forms", { headers: await setToast({ type: "success", key: "adminCommunity.forms.deleted" }) });
    }
    const saved = id === null ? await createForm(staff, input) : (await updateForm(staff, id, input), id);
    return redirect(`/admin/forms/${saved}`, { headers: await setToast({ type: "success", key: "adminCommunity.forms.saved" }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await rowNotFound(request, NOT_FOUND);
    return answerDomainError(error, submission, FIELDS);
  }
}

export default function AdminForm() {
  const { locale, detail, defaults, preview, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const deleteResult = submissionOf(answer)?.initialValue?.intent === "delete" ? submissionOf(answer) : null;
  const onPage = (detail?.usedOn.length ?? 0) > 0;
  return (
    <AdminPage
      title={detail ? t("adminCommunity.forms.editTitle", { slug: detail.slug }) : t("adminCommunity.forms.newTitle")}
      testId="admin-form"
      actions={
        <Link to="/admin/forms" className="text-sm underline">
          {t("adminCommunity.forms.back")}
        </Link>
      }
    >
      {detail ? (
        <section className="rounded border border-slate-200 bg-white p-4 text-sm" data-testid="form-usage">
          <p>
            <a href={href("form", locale, { slug: detail.slug })} className="text-brand-700 underline">
              {t("adminCommunity.forms.openOnShop")}
            </a>
            {" · "}
            <Link to={`/admin/enquiries?kind=form&q=${encodeURIComponent(detail.slug)}`} className="text-brand-700 underline">
              {t("adminCommunity.forms.submissionsLink", { n: detail.submissions })}
            </Link>
          </p>
          <p className="mt-1">
            {onPage
              ? t("adminCommunity.forms.onPages", { pages: [...new Set(detail.usedOn.map((p) => p.title))].join(", ") })
              : t("adminCommunity.forms.onNoPage")}
          </p>
        </section>
      ) : null}
      <FormBuilder
        key={detail?.version ?? "new"}
        defaults={defaults}
        version={detail?.version}
        constraint={constraint}
        lastResult={answer}
      />
      {preview ? (
        <section
          className="rounded border border-dashed border-slate-300 bg-slate-50"
          aria-label={t("adminCommunity.forms.preview")}
          data-testid="form-preview"
        >
          <h2 className="px-4 pt-4 text-lg font-semibold">{t("adminCommunity.forms.preview")}</h2>
          {/* Disabled: the preview shows the saved form, it does not send it. */}
          <fieldset disabled>
            <FormBlock form={preview} />
          </fieldset>
        </section>
      ) : null}
      {detail ? (
        <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="form-delete">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="version" value={detail.version} />
          <p className="text-sm text-slate-600">{onPage ? t("adminCommunity.forms.deleteOnPage") : t("adminCommunity.forms.deleteHint")}</p>
          <Button
            variant="secondary"
            disabled={onPage}
            pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "delete"}
          >
            {t("adminCommunity.forms.delete")}
          </Button>
          <FormError errors={deleteResult?.error?.[""]} testId="form-delete-error" />
        </SecureForm>
      ) : null}
      {detail ? (
        <AuditTrail
          entries={audit}
          locale={locale}
          actionLabel={(action) => t(`adminCommunity.audit.${action}`, { defaultValue: action })}
        />
      ) : null}
    </AdminPage>
  );
}
