import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterDate, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { bulkStatus } from "~/modules/enquiry/inbox-actions.server";
import { INBOX_KINDS, INBOX_STATUSES } from "~/modules/enquiry/inbox-ref";
import { bulkStatusSchema } from "~/modules/enquiry/inbox.schema";
import { inboxListQuery, listInbox } from "~/modules/enquiry/inbox.server";
import { EnquiryStatusBadge } from "~/modules/enquiry/enquiry-status-badge";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminEnquiries"] };

/**
 * Enquiries (/admin/enquiries, decision 0041): one inbox of price enquiries, request-quote
 * carts and form submissions (app/modules/enquiry/inbox.server.ts: one UNION ALL), with the
 * list pattern of /admin/orders; the ticked rows can be closed or marked answered at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const query = await readListQuery(request, inboxListQuery);
  const { rows, page } = await listInbox(query);
  return { locale: requestLocale(request).locale, query, rows, page };
}

const BULK_FORM = "enquiries-bulk";

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const { submission } = await readSubmission(request, bulkStatusSchema);
  // Back to the list the staff member was looking at: same filters and page (this route's own path, never a posted target).
  const back = backToList(request);
  if (submission.status !== "success") return redirect(back, { headers: await setToast({ type: "error", key: "admin.list.badQuery" }) });
  const { refs, status } = submission.value;
  const changed = await bulkStatus(staff, refs, status);
  return redirect(back, { headers: await setToast({ type: "success", key: "adminEnquiries.bulk.done", values: { count: changed } }) });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminEnquiries() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const columns: Column<Row>[] = [
    {
      id: "createdAt",
      header: t("adminEnquiries.columns.date"),
      sortable: true,
      cell: (r) => (
        <time dateTime={r.createdAt} className="whitespace-nowrap">
          {formatDate(r.createdAt, locale, { style: "numeric", time: "short" })}
        </time>
      ),
    },
    { id: "kind", header: t("adminEnquiries.columns.kind"), cell: (r) => t(`adminEnquiries.kind.${r.kind}`) },
    {
      id: "sender",
      header: t("adminEnquiries.columns.sender"),
      cell: (r) => (
        <Link to={`/admin/enquiries/${r.ref}`} className="font-semibold text-brand-700 underline" data-testid="enquiry-link">
          <span className="block">{r.name || r.email}</span>
          <span className="block text-xs font-normal text-slate-600">{r.email}</span>
        </Link>
      ),
    },
    { id: "subject", header: t("adminEnquiries.columns.subject"), cell: (r) => r.subject },
    {
      id: "text",
      header: t("adminEnquiries.columns.text"),
      cell: (r) => <span className="line-clamp-2 max-w-md break-words">{r.text}</span>,
    },
    { id: "status", header: t("adminEnquiries.columns.status"), cell: (r) => <EnquiryStatusBadge value={r.status} /> },
  ];
  return (
    <AdminPage title={t("adminEnquiries.title")} testId="admin-enquiries">
      <ListFilters
        searchLabel={t("adminEnquiries.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="kind"
          label={t("adminEnquiries.columns.kind")}
          value={query.kind}
          options={INBOX_KINDS.map((k) => ({ value: k, label: t(`adminEnquiries.kind.${k}`) }))}
        />
        <FilterSelect
          name="status"
          label={t("adminEnquiries.columns.status")}
          value={query.status}
          options={INBOX_STATUSES.map((s) => ({ value: s, label: t(`adminEnquiries.status.${s}`) }))}
        />
        <FilterDate name="from" label={t("adminEnquiries.from")} value={query.from} />
        <FilterDate name="to" label={t("adminEnquiries.to")} value={query.to} />
      </ListFilters>
      <BulkActions formId={BULK_FORM} label={t("adminEnquiries.bulk.label")}>
        <input type="hidden" name="intent" value="bulk" />
        <Button name="status" value="answered" size="sm" variant="secondary">
          {t("adminEnquiries.bulk.answered")}
        </Button>
        <Button name="status" value="closed" size="sm" variant="secondary">
          {t("adminEnquiries.bulk.closed")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t("adminEnquiries.title")}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.ref}
        sort={sort}
        selection={{
          name: "refs",
          formId: BULK_FORM,
          label: (r) => t("adminEnquiries.bulk.select", { name: r.name || r.email }),
          allLabel: t("adminEnquiries.bulk.selectAll"),
        }}
        empty={t("adminEnquiries.empty")}
        testId="enquiries-table"
        rowTestId="enquiry-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
