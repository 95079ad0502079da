import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { mailMessageKey } from "~/modules/mail/mail-admin.server";
import { BACKOFFICE_SCOPES } from "~/lib/backoffice-scopes";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { editStaff } from "~/modules/staff/staff-admin.server";
import { staffDetail } from "~/modules/staff/staff-list.server";
import { staffEditSchema } from "~/modules/staff/staff.schema";
import { requireStepUp, stepUpNeeded } from "~/routes/http/step-up.server";
import { StepUpField } from "~/modules/staff/step-up-field";
import { StaffStatusBadge } from "~/modules/staff/staff-status-badge";
import { toastDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminUsers"] };

/**
 * One backoffice user (/admin/users/:id): change the scope, deactivate or reactivate,
 * mail the invitation again; each form posts the version it showed (docs/decisions/0043).
 */
const notFound = (request: Request) => rowNotFound(request, "adminUsers.errors.notFound");

const userIdOf = (request: Request, raw: string | undefined) => rowIdParam(request, raw, "adminUsers.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const id = await userIdOf(request, params.id);
  const user = await staffDetail(id);
  if (!user) throw await notFound(request);
  return {
    locale: requestLocale(request).locale,
    user,
    self: user.id === staff.id,
    audit: await auditTrail("user", id),
    stepUp: await stepUpNeeded(request),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const id = await userIdOf(request, params.id);
  const { form, submission } = await readSubmission(request, staffEditSchema);
  // The page's buttons post a known intent, scope and version: anything else is forged.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const edit = submission.value;
  try {
    // Granting the admin scope hands over the whole shop: the password again (decision 0086).
    const renewed = edit.intent === "scope" && edit.scope === "admin" ? await requireStepUp(request, staff, form) : null;
    await editStaff(staff, id, edit, requestLocale(request).locale);
    const headers = await setToast({
      type: "success",
      key: edit.intent === "reinvite" ? mailMessageKey("adminUsers.done.reinvite") : `adminUsers.done.${edit.intent}`,
    });
    if (renewed) headers.append("Set-Cookie", renewed);
    return redirect(`/admin/users/${id}`, { headers });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return toastDomainError(error, `/admin/users/${id}`);
  }
}

export default function AdminUser() {
  const { locale, user, self, audit, stepUp } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const date = (value: string | null) => (value ? formatDate(value, locale, { style: "numeric", time: "short" }) : "–");
  const version = <input type="hidden" name="version" value={user.version} />;
  return (
    <AdminPage
      title={user.email}
      testId="admin-user"
      actions={
        <Link to="/admin/users" className="text-sm underline">
          {t("adminUsers.back")}
        </Link>
      }
    >
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] [overflow-wrap:anywhere] gap-x-6 gap-y-2 rounded border border-slate-200 bg-white p-4 text-sm">
        <dt className="font-semibold">{t("adminUsers.columns.name")}</dt>
        <dd>{`${user.firstName} ${user.lastName}`.trim() || "–"}</dd>
        <dt className="font-semibold">{t("adminUsers.columns.status")}</dt>
        <dd>
          <StaffStatusBadge status={user.status} />
        </dd>
        <dt className="font-semibold">{t("adminUsers.columns.lastSignIn")}</dt>
        <dd>{date(user.lastSignIn)}</dd>
        <dt className="font-semibold">{t("adminUsers.columns.createdAt")}</dt>
        <dd>{date(user.createdAt)}</dd>
      </dl>

      <SecureForm className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-4" data-testid="scope-form">
        {version}
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminUsers.columns.scope")}
          <select
            name="scope"
            defaultValue={user.scope[0]}
            key={`${user.version}`}
            className="rounded border border-slate-300 px-2 py-2 font-normal"
          >
            {BACKOFFICE_SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`adminUsers.scope.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <StepUpField needed={stepUp} />
        <Button name="intent" value="scope" pending={busy("scope")}>
          {t("adminUsers.saveScope")}
        </Button>
      </SecureForm>

      <div className="flex flex-wrap gap-3">
        {user.status === "deactivated" ? (
          <SecureForm>
            {version}
            <Button name="intent" value="reactivate" variant="secondary" pending={busy("reactivate")}>
              {t("adminUsers.reactivate")}
            </Button>
          </SecureForm>
        ) : (
          <SecureForm>
            {version}
            <Button name="intent" value="deactivate" variant="secondary" disabled={self} pending={busy("deactivate")}>
              {t("adminUsers.deactivate")}
            </Button>
          </SecureForm>
        )}
        {user.status === "invited" ? (
          <SecureForm>
            {version}
            <Button name="intent" value="reinvite" variant="secondary" pending={busy("reinvite")}>
              {t("adminUsers.reinvite")}
            </Button>
          </SecureForm>
        ) : null}
      </div>
      {self ? <p className="text-sm text-slate-600">{t("adminUsers.selfHint")}</p> : null}

      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminUsers.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
