import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { setCouponsActive } from "~/modules/coupon/coupon-admin.server";
import { couponListQuery, listCoupons } from "~/modules/coupon/coupon-list.server";
import { couponBulkSchema } from "~/modules/coupon/coupon.schema";
import { COUPON_STATES, COUPON_STATE_TONE, COUPON_TYPES } from "~/modules/coupon/coupon-state";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminCoupons"] };

/** Coupons (/admin/coupons, decision 0049): the list pattern of the orders, with bulk switch on/off. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, couponListQuery);
  const { rows, page } = await listCoupons(query);
  return { locale: requestLocale(request).locale, query, rows, page };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, couponBulkSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { changed, skipped } = await setCouponsActive(staff, submission.value.ids, submission.value.intent === "activate");
  const toast = {
    type: changed > 0 ? ("success" as const) : ("warning" as const),
    key: "adminCoupons.bulk.done",
    values: { changed, skipped },
  };
  return redirect(backToList(request), { headers: await setToast(toast) });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminCoupons() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const money = (cents: number) => formatPrice(cents, { label: "EUR", symbol: "€" }, locale);
  const day = (value: string | null) => (value ? formatDate(value, locale, { style: "numeric" }) : "–");
  const columns: Column<Row>[] = [
    {
      id: "code",
      header: t("adminCoupons.columns.code"),
      sortable: true,
      cell: (c) => (
        <Link to={`/admin/coupons/${c.id}`} className="font-semibold text-brand-700 underline">
          {c.code}
        </Link>
      ),
    },
    {
      id: "discount",
      header: t("adminCoupons.columns.discount"),
      cell: (c) => (
        <>
          <span className="block">{c.type === "percent" ? `${c.value} %` : money(c.value)}</span>
          {c.minCartCents > 0 ? (
            <span className="block text-xs text-slate-600">{t("adminCoupons.fromAmount", { amount: money(c.minCartCents) })}</span>
          ) : null}
          {c.products > 0 ? (
            <span className="block text-xs text-slate-600">{t("adminCoupons.productCount", { n: c.products })}</span>
          ) : null}
        </>
      ),
    },
    {
      id: "usedCount",
      header: t("adminCoupons.columns.used"),
      sortable: true,
      align: "end",
      cell: (c) => (c.usageLimit === null ? String(c.usedCount) : `${c.usedCount} / ${c.usageLimit}`),
    },
    {
      id: "validTo",
      header: t("adminCoupons.columns.validity"),
      sortable: true,
      cell: (c) => <span className="whitespace-nowrap">{`${day(c.validFrom)} – ${day(c.validTo)}`}</span>,
    },
    {
      id: "state",
      header: t("adminCoupons.columns.state"),
      cell: (c) => (
        <StatusBadge tone={COUPON_STATE_TONE[c.state]} testId="coupon-state">
          {t(`adminCoupons.state.${c.state}`)}
        </StatusBadge>
      ),
    },
  ];
  return (
    <AdminPage
      title={t("adminCoupons.title")}
      testId="admin-coupons"
      actions={
        <Link to="/admin/coupons/new" className={buttonClass({ size: "sm" })}>
          {t("adminCoupons.new")}
        </Link>
      }
    >
      <ListFilters
        searchLabel={t("adminCoupons.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="state"
          label={t("adminCoupons.columns.state")}
          value={query.state}
          options={COUPON_STATES.map((s) => ({ value: s, label: t(`adminCoupons.state.${s}`) }))}
        />
        <FilterSelect
          name="type"
          label={t("adminCoupons.fields.type")}
          value={query.type}
          options={COUPON_TYPES.map((s) => ({ value: s, label: t(`adminCoupons.type.${s}`) }))}
        />
      </ListFilters>
      <BulkActions formId="coupons-bulk" label={t("adminCoupons.bulk.label")}>
        <Button name="intent" value="activate" size="sm" variant="secondary">
          {t("adminCoupons.bulk.activate")}
        </Button>
        <Button name="intent" value="deactivate" size="sm" variant="secondary">
          {t("adminCoupons.bulk.deactivate")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t("adminCoupons.title")}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        sort={sort}
        selection={{
          name: "ids",
          formId: "coupons-bulk",
          label: (c) => t("adminCoupons.bulk.select", { code: c.code }),
          allLabel: t("adminCoupons.bulk.selectAll"),
        }}
        empty={t("adminCoupons.empty")}
        testId="coupons-table"
        rowTestId="coupon-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
