import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, BulkActions, FilterDate, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { MAIL_STATUSES } from "~/.server/db/schema";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { bulkResendSchema } from "~/modules/mail/mail-admin.schema";
import { resendFailedMails } from "~/modules/mail/mail-admin.server";
import { MAIL_KINDS } from "~/modules/templates/mail-kinds";
import { listMails, mailListQuery } from "~/modules/mail/mail-list.server";
import { MailStatusBadge } from "~/modules/mail/mail-status-badge";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminMail"] };

/**
 * The outbox (/admin/mail, decision 0042; scope admin: it holds password-reset links):
 * every mail with its delivery state, the list pattern of admin.orders.tsx, and "send
 * again" of the ticked failed mails (docs/decisions/0042).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, mailListQuery);
  const { rows, page } = await listMails(query);
  return { locale: requestLocale(request).locale, query, rows, page, filters: { statuses: MAIL_STATUSES, kinds: MAIL_KINDS } };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, bulkResendSchema);
  // The list's own form posts ticked ids and a known intent: anything else is forged.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const counts = await resendFailedMails(staff, submission.value.mailId);
  const total = counts.relayed + counts.queued;
  const headers = await setToast(
    total === 0 ? { type: "info", key: "adminMail.bulk.none" } : { type: "success", key: "adminMail.bulk.done", values: counts },
  );
  return redirect(backToList(request), { headers });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminMail() {
  const { locale, query, rows, page, filters } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const date = (value: string | null) =>
    value ? (
      <time dateTime={value} className="whitespace-nowrap">
        {formatDate(value, locale, { style: "numeric", time: "short" })}
      </time>
    ) : (
      "–"
    );
  const columns: Column<Row>[] = [
    { id: "createdAt", header: t("adminMail.columns.createdAt"), sortable: true, cell: (m) => date(m.createdAt) },
    { id: "kind", header: t("adminMail.columns.kind"), cell: (m) => t(`adminMail.kind.${m.kind}`, { defaultValue: m.kind }) },
    { id: "to", header: t("adminMail.columns.to"), sortable: true, cell: (m) => m.to },
    {
      id: "subject",
      header: t("adminMail.columns.subject"),
      cell: (m) => (
        <Link to={`/admin/mail/${m.id}`} className="font-semibold text-brand-700 underline">
          {m.subject}
        </Link>
      ),
    },
    { id: "status", header: t("adminMail.columns.status"), cell: (m) => <MailStatusBadge status={m.status} /> },
    { id: "attempts", header: t("adminMail.columns.attempts"), sortable: true, align: "end", cell: (m) => m.attempts },
    {
      id: "error",
      header: t("adminMail.columns.error"),
      cell: (m) => (m.error ? <span className="line-clamp-2 max-w-xs text-xs text-red-800">{m.error}</span> : null),
    },
    { id: "sentAt", header: t("adminMail.columns.sentAt"), cell: (m) => date(m.sentAt) },
  ];
  return (
    <AdminPage title={t("adminMail.title")} testId="admin-mail">
      <ListFilters
        searchLabel={t("adminMail.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="status"
          label={t("adminMail.columns.status")}
          value={query.status}
          options={filters.statuses.map((s) => ({ value: s, label: t(`adminMail.status.${s}`) }))}
        />
        <FilterSelect
          name="kind"
          label={t("adminMail.columns.kind")}
          value={query.kind}
          options={filters.kinds.map((k) => ({ value: k, label: t(`adminMail.kind.${k}`) }))}
        />
        <FilterDate name="from" label={t("adminMail.from")} value={query.from} />
        <FilterDate name="to" label={t("adminMail.to")} value={query.to} />
      </ListFilters>
      <BulkActions formId="mail-bulk" label={t("adminMail.bulk.label")}>
        <Button name="intent" value="resendFailed" size="sm" variant="secondary">
          {t("adminMail.bulk.resendFailed")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t("adminMail.title")}
        columns={columns}
        rows={rows}
        rowKey={(m) => m.id}
        sort={sort}
        selection={{
          name: "mailId",
          formId: "mail-bulk",
          label: (m) => t("adminMail.bulk.tick", { to: m.to, subject: m.subject }),
          allLabel: t("adminMail.bulk.label"),
        }}
        empty={t("adminMail.empty")}
        testId="mail-table"
        rowTestId="mail-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
