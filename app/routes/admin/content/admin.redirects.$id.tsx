import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData, useActionData } from "@remix-run/react";
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
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdOrNew, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { RedirectForm } from "~/modules/cms/redirect-form";
import {
  createRedirect,
  deleteRedirect,
  redirectDetail,
  redirectPageSchema,
  redirectSchema,
  updateRedirect,
} from "~/modules/redirects/redirects-admin.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

/** One redirect (/admin/redirects/:id and /admin/redirects/new, decision 0055): edit or delete it. */
const NOT_FOUND = "adminCommunity.redirects.notFound";
const FIELDS = ["fromPath", "toPath"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdOrNew(request, params.id, NOT_FOUND);
  const constraint = formConstraint(redirectSchema);
  const locale = requestLocale(request).locale;
  if (id === null) return { locale, detail: null, constraint, audit: [] };
  const detail = await redirectDetail(id);
  if (!detail) throw await rowNotFound(request, NOT_FOUND);
  return { locale, detail, constraint, audit: await auditTrail("redirect", id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await rowIdOrNew(request, params.id, NOT_FOUND);
  const { submission } = await readSubmission(request, redirectPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "delete") {
      if (id === null) throw await rowNotFound(request, NOT_FOUND);
      await deleteRedirect(staff, id, input.version);
      return redirect("/admin/redirects", { headers: await setToast({ type: "success", key: "adminCommunity.redirects.deleted" }) });
    }
    const saved = id === null ? await createRedirect(staff, input) : (await updateRedirect(staff, id, input), id);
    return redirect(`/admin/redirects/${saved}`, { headers: await setToast({ type: "success", key: "adminCommunity.redirects.saved" }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await rowNotFound(request, NOT_FOUND);
    return answerDomainError(error, submission, FIELDS);
  }
}

export default function AdminRedirect() {
  const { locale, detail, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const deleteResult = submissionOf(answer)?.initialValue?.intent === "delete" ? submissionOf(answer) : null;
  const defaults = detail
    ? { fromPath: detail.fromPath, toPath: detail.toPath, status: String(detail.status) }
    : { fromPath: "", toPath: "", status: "301" };
  return (
    <AdminPage
      title={detail ? detail.fromPath : t("adminCommunity.redirects.new")}
      testId="admin-redirect"
      actions={
        <Link to="/admin/redirects" className="text-sm underline">
          {t("adminCommunity.redirects.back")}
        </Link>
      }
    >
      <RedirectForm
        key={detail?.version ?? "new"}
        defaults={defaults}
        version={detail?.version}
        constraint={constraint}
        lastResult={answer}
      />
      {detail ? (
        <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="redirect-delete">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="version" value={detail.version} />
          <Button variant="secondary">{t("adminCommunity.redirects.delete")}</Button>
          <FormError errors={deleteResult?.error?.[""]} testId="redirect-delete-error" />
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
