import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast, type Toast } from "~/.server/toast.server";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { resendMailSchema } from "~/modules/mail/mail-admin.schema";
import { resendMail, type ResendResult } from "~/modules/mail/mail-admin.server";
import { mailDetail } from "~/modules/mail/mail-list.server";
import { MailStatusBadge } from "~/modules/mail/mail-status-badge";
import { requestLocale } from "~/.server/shopper.server";
import { toastDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminMail"] };

/**
 * One mail of the outbox (/admin/mail/:id): its text as written, its HTML only inside a
 * sandboxed frame (no scripts, no access to this page) and as escaped source, and "send
 * again" (docs/decisions/0042).
 */
const mailIdOf = (request: Request, raw: string | undefined) => rowIdParam(request, raw, "adminMail.notFound");

const notFound = (request: Request) => rowNotFound(request, "adminMail.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const id = await mailIdOf(request, params.id);
  const mail = await mailDetail(id);
  if (!mail) throw await notFound(request);
  return { locale: requestLocale(request).locale, mail, audit: await auditTrail("mail", id) };
}

const RESULT_TOAST: Record<ResendResult["status"], Toast["type"]> = { relayed: "success", queued: "info" };

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const id = await mailIdOf(request, params.id);
  const { submission } = await readSubmission(request, resendMailSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  try {
    const result = await resendMail(staff, id);
    const headers = await setToast({ type: RESULT_TOAST[result.status], key: `adminMail.resent.${result.status}` });
    // A sent mail was copied: show the copy, whose state is the news.
    return redirect(`/admin/mail/${result.mailId}`, { headers });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return toastDomainError(error, `/admin/mail/${id}`);
  }
}

export default function AdminMailDetail() {
  const { locale, mail, audit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const date = (value: string | null) => (value ? formatDate(value, locale, { style: "numeric", time: "short" }) : "–");
  const facts: [string, React.ReactNode][] = [
    [t("adminMail.columns.kind"), t(`adminMail.kind.${mail.kind}`, { defaultValue: mail.kind })],
    [t("adminMail.columns.to"), mail.to],
    [t("adminMail.replyTo"), mail.replyTo ?? "–"],
    [t("adminMail.columns.status"), <MailStatusBadge key="status" status={mail.status} />],
    [t("adminMail.columns.attempts"), mail.attempts],
    [t("adminMail.columns.error"), mail.error ?? "–"],
    [t("adminMail.nextAttempt"), date(mail.status === "failed" ? mail.nextAttemptAt : null)],
    [t("adminMail.columns.createdAt"), date(mail.createdAt)],
    [t("adminMail.columns.sentAt"), date(mail.sentAt)],
  ];
  return (
    <AdminPage
      title={mail.subject}
      testId="admin-mail-detail"
      actions={
        <>
          <Link to="/admin/mail" className="text-sm underline">
            {t("adminMail.back")}
          </Link>
          <SecureForm>
            <Button name="intent" value="resend" pending={navigation.state === "submitting"}>
              {mail.status === "sent" ? t("adminMail.resendCopy") : t("adminMail.resend")}
            </Button>
          </SecureForm>
        </>
      }
    >
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] [overflow-wrap:anywhere] gap-x-6 gap-y-2 rounded border border-slate-200 bg-white p-4 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("adminMail.text")}</h2>
        <pre className="whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-4 text-sm" data-testid="mail-text">
          {mail.text}
        </pre>
      </section>
      {mail.html ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">{t("adminMail.html")}</h2>
          {/* The mail's HTML never joins this page: an empty sandbox runs no script and reaches nothing of the admin's. */}
          <iframe
            title={t("adminMail.html")}
            sandbox=""
            srcDoc={mail.html}
            className="h-96 w-full rounded border border-slate-200 bg-white"
            data-testid="mail-html"
          />
          <details>
            <summary className="cursor-pointer text-sm">{t("adminMail.htmlSource")}</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-4 text-xs">{mail.html}</pre>
          </details>
        </section>
      ) : null}
      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminMail.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
