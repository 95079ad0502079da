import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatPrice } from "~/lib/format";
import { PRICE_TARGETS } from "~/lib/price-change";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import { PRODUCT_FORMATS } from "~/.server/db/schema";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { productBulkSchema } from "~/modules/catalog-admin/product-bulk.schema";
import { bulkProducts } from "~/modules/catalog-admin/product-bulk.server";
import {
  listProducts,
  productListFilters,
  productListQuery,
  STOCK_FILTERS,
  VISIBILITY_FILTERS,
} from "~/modules/catalog-admin/product-list.server";
import { requestLocale } from "~/.server/shopper.server";
import { currentPriceEnding } from "~/modules/catalog-admin/price-change.server";

export const handle = { i18n: ["adminProductList"] };

/**
 * Products (/admin/products, decision 0047): the list pattern of admin.orders.tsx with
 * the catalogue's filters and bulk actions; /admin/products.csv is the filtered list in the
 * import's own columns (docs/decisions/0047), so an export can be edited and imported.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, productListQuery);
  const [{ rows, page }, filters, ending] = await Promise.all([listProducts(query), productListFilters(), currentPriceEnding()]);
  return {
    locale: requestLocale(request).locale,
    ending,
    query,
    rows,
    page,
    filters: { ...filters, formats: PRODUCT_FORMATS, stock: STOCK_FILTERS, visibility: VISIBILITY_FILTERS },
  };
}

/** A bulk action on the ticked products; the toast says how many changed and how many were already so. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, productBulkSchema);
  const back = backToList(request);
  if (submission.status !== "success" || submission.value.ids.length === 0) {
    const error = submission.status === "success" ? undefined : Object.values(submission.error ?? {}).flat()[0];
    const key = error?.startsWith("adminProductList.") ? error : "adminProductList.bulk.invalid";
    return redirect(back, { status: 303, headers: await setToast({ type: "error", key }) });
  }
  try {
    const { changed, skipped } = await bulkProducts(staff, submission.value);
    const toast = {
      type: changed > 0 ? ("success" as const) : ("warning" as const),
      key: "adminProductList.bulk.done",
      values: { changed, skipped },
    };
    return redirect(back, { status: 303, headers: await setToast(toast) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirect(back, { status: 303, headers: await setToast({ type: "error", key: error.key ?? "adminProductList.bulk.invalid" }) });
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminProducts() {
  const { locale, query, rows, page, filters, ending } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const money = (cents: number) => formatPrice(cents, { label: "EUR", symbol: "€" }, locale);
  const columns: Column<Row>[] = [
    {
      id: "image",
      header: <span className="sr-only">{t("adminProductList.columns.image")}</span>,
      cell: (p) =>
        p.image ? (
          <img src={mediaUrl(p.image, "thumbnail")} alt="" width={50} height={50} loading="lazy" className="rounded" />
        ) : (
          <span className="block h-[50px] w-[50px] rounded bg-slate-100" />
        ),
    },
    {
      id: "name",
      header: t("adminProductList.columns.name"),
      sortable: true,
      cell: (p) => (
        <Link to={`/admin/products/${p.id}`} className="font-semibold text-brand-700 underline">
          {p.name || p.sku}
        </Link>
      ),
    },
    {
      id: "sku",
      header: t("adminProductList.columns.sku"),
      sortable: true,
      cell: (p) => <span className="font-mono text-xs">{p.sku}</span>,
    },
    { id: "format", header: t("adminProductList.columns.format"), cell: (p) => t(`adminProductList.format.${p.format}`) },
    {
      id: "price",
      header: t("adminProductList.columns.price"),
      sortable: true,
      align: "end",
      cell: (p) => (
        <span className="whitespace-nowrap">
          {p.priceCents < p.retailPriceCents ? <s className="mr-1 text-slate-500">{money(p.retailPriceCents)}</s> : null}
          <span>{money(p.priceCents)}</span>
        </span>
      ),
    },
    {
      id: "stock",
      header: t("adminProductList.columns.stock"),
      sortable: true,
      align: "end",
      cell: (p) =>
        p.madeToOrder ? t("adminProductList.stock.madeToOrder") : p.stock === null ? t("adminProductList.stock.untracked") : p.stock,
    },
    { id: "categories", header: t("adminProductList.columns.categories"), cell: (p) => p.categories.join(", ") },
    {
      id: "visibility",
      header: t("adminProductList.columns.visibility"),
      cell: (p) => (p.visible ? t("adminProductList.visibility.visible") : t("adminProductList.visibility.hidden")),
    },
    {
      id: "archived",
      header: t("adminProductList.columns.archived"),
      cell: (p) => (p.archived ? t("adminProductList.visibility.archived") : "–"),
    },
  ];
  return (
    <AdminPage
      title={t("adminProductList.title")}
      testId="admin-products"
      actions={
        <>
          <Link to="/admin/products/prices" className={buttonClass({ variant: "secondary" })}>
            {t("adminProductList.prices.link")}
          </Link>
          <Link to="/admin/products/import" className={buttonClass({ variant: "secondary" })}>
            {t("adminProductList.import.link")}
          </Link>
          <Link to="/admin/products/new" className={buttonClass({})}>
            {t("adminProductList.new")}
          </Link>
        </>
      }
    >
      <ListFilters
        searchLabel={t("adminProductList.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="category"
          label={t("adminProductList.columns.category")}
          value={query.category?.toString()}
          options={filters.categories.map((c) => ({ value: String(c.id), label: c.label }))}
        />
        <FilterSelect
          name="format"
          label={t("adminProductList.columns.format")}
          value={query.format}
          options={filters.formats.map((f) => ({ value: f, label: t(`adminProductList.format.${f}`) }))}
        />
        <FilterSelect
          name="tag"
          label={t("adminProductList.columns.tag")}
          value={query.tag?.toString()}
          options={filters.tags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
        />
        <FilterSelect
          name="stock"
          label={t("adminProductList.columns.stock")}
          value={query.stock}
          options={filters.stock.map((s) => ({ value: s, label: t(`adminProductList.stock.${s}`) }))}
        />
        <FilterSelect
          name="visibility"
          label={t("adminProductList.columns.visibility")}
          value={query.visibility}
          options={filters.visibility.map((v) => ({ value: v, label: t(`adminProductList.visibility.${v}`) }))}
        />
      </ListFilters>
      <BulkActions formId="products-bulk" label={t("adminProductList.bulk.label")}>
        <Button name="intent" value="publish" size="sm" variant="secondary">
          {t("adminProductList.bulk.publish")}
        </Button>
        <Button name="intent" value="hide" size="sm" variant="secondary">
          {t("adminProductList.bulk.hide")}
        </Button>
        <span className="flex max-w-full items-center gap-1">
          <select
            name="category"
            aria-label={t("adminProductList.bulk.category")}
            className="min-w-0 rounded border border-slate-300 px-2 py-1 text-sm"
          >
            <option value="">{t("adminProductList.bulk.category")}</option>
            {filters.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          <Button name="intent" value="addCategory" size="sm" variant="secondary">
            {t("adminProductList.bulk.addCategory")}
          </Button>
        </span>
        <span className="flex max-w-full items-center gap-1">
          <select
            name="tag"
            aria-label={t("adminProductList.bulk.tag")}
            className="min-w-0 rounded border border-slate-300 px-2 py-1 text-sm"
          >
            <option value="">{t("adminProductList.bulk.tag")}</option>
            {filters.tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
          <Button name="intent" value="addTag" size="sm" variant="secondary">
            {t("adminProductList.bulk.addTag")}
          </Button>
        </span>
        <span className="flex flex-wrap items-center gap-1">
          <select name="mode" aria-label={t("adminProductList.prices.mode")} className="rounded border border-slate-300 px-2 py-1 text-sm">
            <option value="percent">{t("adminProductList.prices.modes.percent")}</option>
            <option value="amount">{t("adminProductList.prices.modes.amount")}</option>
          </select>
          <label className="flex items-center gap-1 text-sm">
            {t("adminProductList.prices.value")}
            <input type="text" name="value" inputMode="decimal" maxLength={20} className="w-24 rounded border border-slate-300 px-2 py-1" />
          </label>
          <select
            name="target"
            aria-label={t("adminProductList.prices.target")}
            className="rounded border border-slate-300 px-2 py-1 text-sm"
          >
            {PRICE_TARGETS.map((target) => (
              <option key={target} value={target}>
                {t(`adminProductList.prices.targets.${target}`)}
              </option>
            ))}
          </select>
          {/* The preview is its own screen: nothing changes until it is confirmed there. */}
          <Button name="intent" value="preview" formAction="/admin/products/prices" size="sm" variant="secondary">
            {t("adminProductList.prices.preview")}
          </Button>
          <span className="text-xs text-slate-600">
            {t("adminProductList.prices.endingNote", { ending: t(`adminProductList.prices.endings.${ending}`) })}
          </span>
        </span>
      </BulkActions>
      <DataTable
        caption={t("adminProductList.title")}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        sort={sort}
        selection={{
          name: "ids",
          formId: "products-bulk",
          label: (p) => t("adminProductList.bulk.select", { sku: p.sku }),
          allLabel: t("adminProductList.bulk.selectAll"),
        }}
        empty={t("adminProductList.empty")}
        testId="products-table"
        rowTestId="product-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
