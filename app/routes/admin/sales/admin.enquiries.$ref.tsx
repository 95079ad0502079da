import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { mailMessageKey } from "~/modules/mail/mail-admin.server";
import { AdminPage } from "~/components/admin/list-page";
import { AuditTrail } from "~/components/admin/audit-trail";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { changeStatus, sendReply } from "~/modules/enquiry/inbox-actions.server";
import { loadInboxEntry } from "~/modules/enquiry/inbox-entry.server";
import { DraftForm, EntryMail, EntryReplies, EntrySent, ReplyForm, StatusForm } from "~/modules/enquiry/inbox-entry-view";
import { parseInboxRef } from "~/modules/enquiry/inbox-ref";
import { inboxActionSchema } from "~/modules/enquiry/inbox.schema";
import { createOrderDraft } from "~/modules/enquiry/order-draft.server";
import { EnquiryStatusBadge } from "~/modules/enquiry/enquiry-status-badge";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";

export const handle = { i18n: ["adminEnquiries", "orders"] };

/**
 * One inbox entry (/admin/enquiries/enquiry-12, /admin/enquiries/submission-5;
 * decision 0041): what was sent, the consent log, the shop's mail, the replies and the audit
 * trail; its status, a reply by mail and, for a request-quote cart, the order draft.
 */
async function entryOr404(request: Request, param: string | undefined) {
  const ref = parseInboxRef(param);
  const found = ref ? await loadInboxEntry(ref) : null;
  if (!ref || !found) {
    const t = await getFixedT(requestLocale(request).locale, ["adminEnquiries"]);
    throw data({ detail: t("adminEnquiries.notFound") }, { status: 404 });
  }
  return { ref, ...found };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const { locale } = requestLocale(request);
  const { entry, audit } = await entryOr404(request, params.ref);
  const site = await getSiteContext(locale);
  return { locale, entry, audit, currency: { label: site.currency.label, symbol: site.currency.symbol } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const { ref, entry } = await entryOr404(request, params.ref);
  const { submission } = await readSubmission(request, inboxActionSchema);
  if (submission.status !== "success") return data({ error: "adminEnquiries.invalidForm" }, { status: 400 });
  const self = `/admin/enquiries/${params.ref}`;
  const input = submission.value;
  try {
    switch (input.intent) {
      case "status":
        await changeStatus(staff, ref, input.status, { version: input.version, shown: input.shown });
        return redirect(self, { headers: await setToast({ type: "success", key: "adminEnquiries.statusSaved" }) });
      case "reply":
        await sendReply(staff, ref, input);
        return redirect(self, {
          headers: await setToast({ type: "success", key: mailMessageKey("adminEnquiries.reply.sent"), values: { email: entry.email } }),
        });
      case "draft": {
        if (ref.source !== "enquiry") return data({ error: "adminEnquiries.draft.notAQuote" }, { status: 409 });
        const order = await createOrderDraft(staff, ref.id, input);
        return redirect(self, {
          headers: await setToast({ type: "success", key: mailMessageKey("adminEnquiries.draft.created"), values: { slug: order.slug } }),
        });
      }
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // Nothing was written; the page shows why beside the current data (a stale edit: 409).
    return data({ error: error.key }, { status: error.status });
  }
}

export default function AdminEnquiry() {
  const { locale, entry, audit, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const title = `${t(`adminEnquiries.kind.${entry.kind}`)}: ${entry.name || entry.email}`;
  const subject = entry.shopMail?.subject ?? entry.product?.name ?? entry.formSlug ?? "";
  return (
    <AdminPage
      title={title}
      testId="admin-enquiry"
      actions={
        <Link to="/admin/enquiries" className="text-brand-700 underline">
          {t("adminEnquiries.back")}
        </Link>
      }
    >
      {answer && "error" in answer ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800" data-testid="enquiry-error">
          {t(answer.error)}
        </p>
      ) : null}
      <p className="flex items-center gap-2">
        {t("adminEnquiries.columns.status")}: <EnquiryStatusBadge value={entry.status} />
      </p>
      <EntrySent entry={entry} locale={locale} />
      <StatusForm entry={entry} />
      {entry.kind === "quote" ? <DraftForm entry={entry} currency={currency} locale={locale} /> : null}
      <EntryMail mail={entry.shopMail} consentLog={entry.consentLog} locale={locale} />
      <EntryReplies replies={entry.replies} locale={locale} />
      <ReplyForm email={entry.email} subject={`Re: ${subject}`} />
      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminEnquiries.audit.${action}`)} />
    </AdminPage>
  );
}
