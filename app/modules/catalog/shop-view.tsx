import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { Breadcrumbs as BreadcrumbsNow } from "~/components/breadcrumbs";
import { serverFirst } from "~/lib/server-first";
import { Pagination as PaginationNow } from "~/components/pagination";
import { Button, buttonClass } from "~/components/ui/button";
import { FilterPanel } from "./filter-panel";
import { ProductCardView } from "./product-card";
import { ShopForm } from "./shop-form";
import { hasFilters } from "./shop-query";
import type { ShopPageData } from "./shop-page.server";

// Plain links the server renders; their client code loads after the page (first-load JS budget).
const Breadcrumbs = serverFirst(import.meta.env.SSR ? BreadcrumbsNow : null, () =>
  import("~/components/breadcrumbs").then((m) => m.Breadcrumbs),
);
// The same for the page links below the product grid.
const Pagination = serverFirst(import.meta.env.SSR ? PaginationNow : null, () =>
  import("~/components/pagination").then((m) => m.Pagination),
);

/**
 * The category and product list (spec §2): heading and description, category links,
 * featured products, then one GET form holding the filter panel and the toolbar (total,
 * sort, per page, view) beside the product grid, and pagination or "load more".
 */
export function ShopPage({ data }: { data: ShopPageData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === data.alternates[data.locale];
  const card = (product: ShopPageData["records"][number], eager = false) => (
    <li key={product.id}>
      <ProductCardView product={product} currency={data.currency} locale={data.locale} eager={eager} />
    </li>
  );
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <Breadcrumb data={data} />
      <header>
        <h1 className="text-3xl font-bold text-brand-900" lang={data.textLang ?? undefined}>
          {data.heading}
        </h1>
        {data.descriptionHtml ? (
          <div
            className="mt-2 max-w-3xl text-slate-700"
            lang={data.textLang ?? undefined}
            dangerouslySetInnerHTML={{ __html: data.descriptionHtml }}
          />
        ) : null}
      </header>
      {data.links.length ? (
        <nav aria-label={t("shop.categories")} data-testid="category-links">
          <ul className="flex flex-wrap gap-2">
            {data.links.map((link) => (
              <li key={link.id}>
                <Link
                  to={link.href}
                  prefetch="intent"
                  className="block rounded-full border border-brand-100 px-3 py-1 text-sm text-brand-700 hover:bg-brand-50"
                >
                  {link.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data.featured.length ? (
        <section aria-labelledby="featured-heading" data-testid="featured-products">
          <h2 id="featured-heading" className="mb-3 text-xl font-semibold text-brand-900">
            {t("shop.featured")}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{data.featured.map((p) => card(p, true))}</ul>
        </section>
      ) : null}
      <ShopForm defs={data.defs} defaults={data.defaults} className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        {/* Phones: the filters wait behind a "Filteri" button (a <details>, so without JavaScript
            too); from lg up the summary is hidden and the content shown while closed. */}
        <details className="group min-w-0 lg:[&::details-content]:[content-visibility:visible]" data-testid="filter-toggle">
          <summary
            className={`${buttonClass({ variant: "secondary", size: "sm" })} w-fit cursor-pointer list-none lg:hidden [&::-webkit-details-marker]:hidden`}
          >
            {t("shop.filters.show")}
          </summary>
          <aside className="mt-4 flex flex-col gap-4 lg:mt-0">
            <FilterPanel filters={data.filters} state={data.state} />
            <div className="flex flex-wrap gap-2">
              <Button size="sm">{t("shop.filters.apply")}</Button>
              {hasFilters(data.state) ? (
                <Link
                  to={data.resetHref}
                  preventScrollReset
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                  data-testid="reset-filters"
                >
                  {t("shop.filters.reset")}
                </Link>
              ) : null}
            </div>
          </aside>
        </details>
        <section aria-label={t("shop.products")} className="flex flex-col gap-4">
          <Toolbar data={data} />
          {data.records.length ? (
            <ul
              className={`grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 ${loading ? "opacity-60" : ""}`}
              data-testid="product-grid"
              aria-busy={loading}
            >
              {/* Below the featured block the grid is out of the first screen: no eager images then. */}
              {data.records.map((p, i) => card(p, i < 3 && data.featured.length === 0))}
            </ul>
          ) : (
            <p className="rounded bg-slate-50 p-6 text-slate-600" data-testid="no-products">
              {t("shop.empty")}
            </p>
          )}
          {data.state.view === "onepage" ? (
            data.moreHref ? (
              <Link
                to={data.moreHref}
                replace
                preventScrollReset
                className="self-center rounded border border-brand-600 px-6 py-2 font-semibold text-brand-700 hover:bg-brand-50"
                data-testid="load-more"
              >
                {t("shop.loadMore")}
              </Link>
            ) : null
          ) : (
            <Pagination info={data.info} />
          )}
        </section>
      </ShopForm>
    </div>
  );
}

function Breadcrumb({ data }: { data: ShopPageData }) {
  const { t } = useTranslation();
  if (data.isRoot) return null;
  return <Breadcrumbs items={[{ name: t("shop.title"), href: data.rootHref }, ...data.breadcrumb]} label={t("shop.breadcrumb")} />;
}

function Toolbar({ data }: { data: ShopPageData }) {
  const { t } = useTranslation();
  const select = "ml-2 rounded border border-slate-300 px-2 py-1 text-sm";
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" data-testid="shop-toolbar">
      <p className="mr-auto font-medium" data-testid="total-records">
        {t("shop.totalRecords", { total: data.info.totalRecords })}
      </p>
      <label>
        {t("catalog.sort.label")}
        <select name="sort" defaultValue={data.state.sort} className={select}>
          {data.sortOptions.map((o) => (
            <option key={o.id} value={o.id}>
              {t(o.name)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("shop.perPage")}
        <select name="limit" defaultValue={data.state.limit} className={select}>
          {data.perPageOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("shop.view.label")}
        <select name="view" defaultValue={data.state.view} className={select}>
          <option value="pages">{t("shop.view.pages")}</option>
          <option value="onepage">{t("shop.view.onepage")}</option>
        </select>
      </label>
    </div>
  );
}
