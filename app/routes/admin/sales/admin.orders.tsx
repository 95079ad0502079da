import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterDate, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { ORDER_STATUSES, PAYMENT_GATEWAYS, PAYMENT_STATUSES } from "~/.server/db/schema";
import { OrderStatusBadge as StatusBadge } from "~/modules/order/order-status-badge";
import { listOrders, orderListQuery } from "~/modules/order/order-list.server";
import { orderBulkSchema } from "~/modules/order/order-admin.schema";
import { deliverOrders } from "~/modules/order/order-admin.server";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminOrders", "orders"] };

/**
 * Orders (/admin/orders, decisions 0038 and 0039): the backoffice's example list (DESIGN.md "One
 * list pattern"). The loader checks the scope, reads the query from the URL and answers
 * one page; /admin/orders.csv with the same query is the whole filtered list as a
 * spreadsheet (admin.orders[.]csv.ts, docs/decisions/0038).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const query = await readListQuery(request, orderListQuery);
  const { rows, page } = await listOrders(query);
  return {
    locale: requestLocale(request).locale,
    query,
    rows,
    page,
    filters: { statuses: ORDER_STATUSES, payments: PAYMENT_STATUSES, methods: PAYMENT_GATEWAYS },
  };
}

/**
 * The list's bulk action: "mark delivered" for the ticked orders, each through the state
 * machine (only shipped ones move); the toast says how many changed and how many were
 * skipped. Back to the same filtered page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const { submission } = await readSubmission(request, orderBulkSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { changed, skipped } = await deliverOrders(staff, submission.value.ids);
  const toast = {
    type: changed > 0 ? ("success" as const) : ("warning" as const),
    key: "adminOrders.bulk.done",
    values: { changed, skipped },
  };
  // The form posts to the list's own URL (its query kept): back to the same filtered page.
  return redirect(`/admin/orders${new URL(request.url).search}`, { headers: await setToast(toast) });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminOrders() {
  const { locale, query, rows, page, filters } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const columns: Column<Row>[] = [
    {
      id: "slug",
      header: t("adminOrders.columns.number"),
      sortable: true,
      cell: (o) => (
        <Link to={`/admin/orders/${o.slug}`} className="font-semibold text-brand-700 underline">
          {o.slug}
        </Link>
      ),
    },
    {
      id: "createdAt",
      header: t("adminOrders.columns.date"),
      sortable: true,
      cell: (o) => (
        <time dateTime={o.createdAt} className="whitespace-nowrap">
          {formatDate(o.createdAt, locale, { style: "numeric", time: "short" })}
        </time>
      ),
    },
    {
      id: "customer",
      header: t("adminOrders.columns.customer"),
      cell: (o) => (
        <>
          <span className="block">{o.customer}</span>
          <span className="block text-xs text-slate-600">{o.email}</span>
        </>
      ),
    },
    {
      id: "total",
      header: t("adminOrders.columns.total"),
      sortable: true,
      align: "end",
      cell: (o) => formatPrice(o.totalCents, { label: o.currencyLabel, symbol: "€" }, locale),
    },
    {
      id: "payment",
      header: t("adminOrders.columns.payment"),
      cell: (o) => (
        <>
          <span className="block">{o.paymentMethodName}</span>
          <StatusBadge kind="payment" value={o.paymentStatus} />
          {o.owedCents > 0 && o.receivedCents > 0 ? (
            <span className="block text-xs text-slate-600" data-testid="order-part-paid">
              {t("adminOrders.partPaid", { amount: formatPrice(o.receivedCents, { label: o.currencyLabel, symbol: "€" }, locale) })}
            </span>
          ) : null}
        </>
      ),
    },
    { id: "status", header: t("adminOrders.columns.status"), cell: (o) => <StatusBadge kind="status" value={o.status} /> },
  ];
  return (
    <AdminPage
      title={t("adminOrders.title")}
      testId="admin-orders"
      actions={
        <Link to="/admin/orders/new" className={buttonClass({ size: "sm" })} data-testid="new-phone-order">
          {t("adminOrders.phone.newOrder")}
        </Link>
      }
    >
      <ListFilters
        searchLabel={t("adminOrders.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="status"
          label={t("adminOrders.columns.status")}
          value={query.status}
          options={filters.statuses.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
        />
        <FilterSelect
          name="payment"
          label={t("adminOrders.columns.paymentStatus")}
          value={query.payment}
          options={filters.payments.map((s) => ({ value: s, label: t(`orders.paymentStatus.${s}`) }))}
        />
        <FilterSelect
          name="method"
          label={t("adminOrders.columns.paymentMethod")}
          value={query.method}
          options={filters.methods.map((m) => ({ value: m, label: t(`adminOrders.gateway.${m}`) }))}
        />
        <FilterSelect
          name="todo"
          label={t("adminOrders.todo")}
          value={query.todo}
          options={[{ value: "ship", label: t("adminOrders.toShip") }]}
        />
        <FilterSelect
          name="sale"
          label={t("adminOrders.sale.label")}
          value={query.sale}
          options={[
            { value: "yes", label: t("adminOrders.sale.yes") },
            { value: "no", label: t("adminOrders.sale.no") },
          ]}
        />
        <FilterDate name="from" label={t("adminOrders.from")} value={query.from} />
        <FilterDate name="to" label={t("adminOrders.to")} value={query.to} />
      </ListFilters>
      <BulkActions formId="orders-bulk" label={t("adminOrders.bulk.label")}>
        <Button name="intent" value="deliverSelected" size="sm" variant="secondary">
          {t("adminOrders.bulk.deliver")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t("adminOrders.title")}
        columns={columns}
        rows={rows}
        rowKey={(o) => o.id}
        sort={sort}
        selection={{
          name: "ids",
          formId: "orders-bulk",
          label: (o) => t("adminOrders.bulk.select", { slug: o.slug }),
          allLabel: t("adminOrders.bulk.selectAll"),
        }}
        empty={t("adminOrders.empty")}
        testId="orders-table"
        rowTestId="order-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
