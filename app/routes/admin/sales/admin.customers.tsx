import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterDate, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { setCustomersBlocked, setCustomersGroup } from "~/modules/customer/customer-admin.server";
import { groupOptions } from "~/modules/customer-group/customer-group-admin.server";
import { localized } from "~/lib/links";
import { toastDomainError } from "~/.server/http/domain-error.server";
import { CUSTOMER_KINDS, YES_NO } from "~/modules/customer/customer-filters";
import { customerListQuery, listCustomers } from "~/modules/customer/customer-list.server";
import { customerBulkSchema } from "~/modules/customer/customer.schema";
import { CustomerBadges } from "~/modules/customer/customer-badges";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";

export const handle = { i18n: ["adminCustomers"] };

const BULK_FORM = "customers-bulk";

/**
 * Customers (/admin/customers, decision 0040): the order list's pattern (admin.orders.tsx)
 * over the shop's customers, registered and guests; /admin/customers.csv with the same
 * query is the spreadsheet. Ticked rows can be blocked or unblocked, or put in a customer
 * group (decision 0107), at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const query = await readListQuery(request, customerListQuery);
  const { locale } = requestLocale(request);
  const [{ rows, page }, site, groups] = await Promise.all([listCustomers(query), getSiteContext(locale), groupOptions()]);
  return { locale, query, rows, page, currency: site.currency, groups };
}

/** The bulk action: block, unblock or set the group of the ticked customers; the toast says how many changed. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const { submission } = await readSubmission(request, customerBulkSchema);
  // The buttons post a known intent and the checkboxes row ids: anything else is a forged post.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { intent, customerId = [], groupId } = submission.value;
  const back = backToList(request);
  if (customerId.length === 0) return redirect(back, { headers: await setToast({ type: "info", key: "admin.list.noneSelected" }) });
  if (intent === "setGroup") {
    try {
      const count = await setCustomersGroup(staff, customerId, groupId ?? null);
      return redirect(back, { headers: await setToast({ type: "success", key: "adminCustomers.bulk.grouped", values: { count } }) });
    } catch (error) {
      return toastDomainError(error, back);
    }
  }
  const count = await setCustomersBlocked(staff, customerId, intent === "block");
  return redirect(back, {
    headers: await setToast({
      type: "success",
      key: `adminCustomers.bulk.${intent === "block" ? "blocked" : "unblocked"}`,
      values: { count },
    }),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminCustomers() {
  const { locale, query, rows, page, currency, groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const bulkPending = navigation.state === "submitting" && navigation.formData?.has("customerId") === true;
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const yesNo = YES_NO.map((v) => ({ value: v, label: t(`adminCustomers.${v}`) }));
  const columns: Column<Row>[] = [
    {
      id: "name",
      header: t("adminCustomers.columns.name"),
      sortable: true,
      cell: (c) => (
        <Link to={`/admin/customers/${c.id}`} className="font-semibold text-brand-700 underline">
          {`${c.firstName} ${c.lastName}`.trim() || c.email}
        </Link>
      ),
    },
    { id: "email", header: t("adminCustomers.columns.email"), sortable: true, cell: (c) => c.email },
    {
      id: "company",
      header: t("adminCustomers.columns.company"),
      cell: (c) => (
        <>
          <span className="block">{c.company}</span>
          <span className="block text-xs text-slate-600">{c.phone}</span>
        </>
      ),
    },
    {
      id: "createdAt",
      header: t("adminCustomers.columns.created"),
      sortable: true,
      cell: (c) => (
        <time dateTime={c.createdAt} className="whitespace-nowrap">
          {formatDate(c.createdAt, locale, { style: "numeric" })}
        </time>
      ),
    },
    {
      id: "status",
      header: t("adminCustomers.columns.status"),
      cell: (c) => <CustomerBadges guest={c.guest} verified={c.verified} blocked={c.blocked} />,
    },
    { id: "group", header: t("adminCustomers.columns.group"), cell: (c) => (c.group ? localized(c.group, locale) : "—") },
    { id: "orders", header: t("adminCustomers.columns.orders"), sortable: true, align: "end", cell: (c) => c.ordersCount },
    {
      id: "spent",
      header: t("adminCustomers.columns.spent"),
      sortable: true,
      align: "end",
      cell: (c) => formatPrice(c.spentCents, currency, locale),
    },
  ];
  return (
    <AdminPage title={t("adminCustomers.title")} testId="admin-customers">
      <ListFilters
        searchLabel={t("adminCustomers.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="kind"
          label={t("adminCustomers.columns.kind")}
          value={query.kind}
          options={CUSTOMER_KINDS.map((k) => ({ value: k, label: t(`adminCustomers.kind.${k}`) }))}
        />
        <FilterSelect name="verified" label={t("adminCustomers.columns.verified")} value={query.verified} options={yesNo} />
        <FilterSelect name="blocked" label={t("adminCustomers.columns.blocked")} value={query.blocked} options={yesNo} />
        <FilterSelect
          name="group"
          label={t("adminCustomers.columns.group")}
          value={query.group}
          options={[
            { value: "none", label: t("adminCustomers.group.none") },
            ...groups.map((g) => ({ value: String(g.id), label: localized(g.name, locale) })),
          ]}
        />
        <FilterDate name="from" label={t("adminCustomers.from")} value={query.from} />
        <FilterDate name="to" label={t("adminCustomers.to")} value={query.to} />
      </ListFilters>
      <BulkActions formId={BULK_FORM} label={t("admin.list.bulk")}>
        <Button
          name="intent"
          value="block"
          size="sm"
          variant="secondary"
          pending={bulkPending && navigation.formData?.get("intent") === "block"}
        >
          {t("adminCustomers.bulk.block")}
        </Button>
        <Button
          name="intent"
          value="unblock"
          size="sm"
          variant="secondary"
          pending={bulkPending && navigation.formData?.get("intent") === "unblock"}
        >
          {t("adminCustomers.bulk.unblock")}
        </Button>
        {groups.length ? (
          <>
            <label className="flex items-center gap-1 text-sm">
              <span className="sr-only">{t("adminCustomers.bulk.group")}</span>
              <select name="groupId" defaultValue="" className="rounded border border-slate-300 px-2 py-1 text-sm" data-testid="bulk-group">
                <option value="">{t("adminCustomers.group.none")}</option>
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {localized(g.name, locale)}
                  </option>
                ))}
              </select>
            </label>
            <Button
              name="intent"
              value="setGroup"
              size="sm"
              variant="secondary"
              pending={bulkPending && navigation.formData?.get("intent") === "setGroup"}
            >
              {t("adminCustomers.bulk.setGroup")}
            </Button>
          </>
        ) : null}
      </BulkActions>
      <DataTable
        caption={t("adminCustomers.title")}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        sort={sort}
        selection={{
          name: "customerId",
          formId: BULK_FORM,
          label: (c) => t("admin.list.selectRow", { name: c.email }),
          allLabel: t("admin.list.selectAll"),
        }}
        empty={t("adminCustomers.empty")}
        testId="customers-table"
        rowTestId="customer-row"
      />
      <ListFooter info={page} />
      <p className="text-sm text-slate-600" data-testid="spent-definition">
        {t("adminCustomers.spentDefinition")}
      </p>
    </AdminPage>
  );
}
