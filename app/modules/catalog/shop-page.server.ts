import { handleUnknownPath } from "~/modules/redirects/redirects.server";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { breadcrumbList, logoPath, seoTags } from "~/modules/site/seo.server";
import { getSiteContext } from "~/modules/site/site.server";
import { LOCALES, type Locale } from "~/lib/locales";
import { PER_PAGE_OPTIONS } from "~/lib/pagination";
import { canonicalTarget } from "~/lib/canonical-url";
import { MISSING, moved, pageFound, type PageOf } from "~/lib/page-outcome";
import { href } from "~/lib/routes-table";
import { resolveSort, sortOptionsFor } from "~/lib/sort-options";
import {
  categoryLanguages,
  categoryText,
  categoryTrail,
  filterDefs,
  findCategoryBySlug,
  getCatalogMeta,
  type CatalogMeta,
  type CategoryNode,
} from "./catalog-meta.server";
import type { FilterValue } from "./filter-sql.server";
import { safeLayeredNavigation } from "./layered-navigation.server";
import { MAX_LIMIT, searchProducts } from "./product-list.server";
import { cardsWithGroupPrices } from "./group-card-prices.server";
import type { PriceGroup } from "~/lib/shopper-price";
import { otherParams, parseShopParams, shopSearch, type FilterDef, type ShopDefaults, type ShopParams } from "./shop-query";
import { plainTextOf } from "~/lib/excerpt";
import { pageTitle } from "~/lib/page-title";

/** Featured block size: the home page's "Top proizvodi" slider shows 3 (spec §2), so does the category. */
const FEATURED_LIMIT = 3;

const sameParams = (a: URLSearchParams, b: URLSearchParams) => JSON.stringify([...a]) === JSON.stringify([...b]);

/** The URL state as searchProducts filters: attribute id → value ids | yes/no | {min, max}. */
function serviceFilters(state: ShopParams, defs: FilterDef[]): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const def of defs) {
    if (state.values[def.code]) filters[def.id] = state.values[def.code];
    if (state.yesNo[def.code] !== undefined) filters[def.id] = state.yesNo[def.code];
    const range = state.ranges[def.code];
    if (range?.min != null && range.max != null) filters[def.id] = { min: range.min, max: range.max };
  }
  return filters;
}

function navigation(meta: CatalogMeta, category: CategoryNode | null, locale: Locale) {
  const link = (node: CategoryNode) => ({
    id: node.id,
    name: categoryText(node, locale).name,
    href: href("shop", locale, { slug: categoryText(node, locale).slug }),
  });
  const trail = categoryTrail(meta, category);
  // The shop root offers the top categories; a category offers its sub-categories.
  const children = meta.categories.filter((c) => c.parentId === (category?.id ?? null));
  return { breadcrumb: trail.map(link), links: children.map(link) };
}

const plainText = (html: string) => plainTextOf(html).slice(0, 160);

/**
 * Everything /shop/{slug?} shows (spec §2 Category and product list), or where it lives
 * instead (a PageOutcome): missing for an unknown slug, a 301 to the category's own slug in this language, and a 302 to the
 * canonical query (a no-JS form submits boja=1&boja=3&debljina_min=&sort=1; the page
 * lives at ?boja=1,3), so that every view has one URL to copy. A group customer's cards
 * carry their prices (decision 0107); sorting and the price filter stay by catalogue price.
 */
export async function loadShopPage(url: URL, slug: string | undefined, locale: Locale, group: PriceGroup | null = null) {
  const [meta, t, site] = await Promise.all([getCatalogMeta(), getFixedT(locale), getSiteContext(locale)]);
  let category: CategoryNode | null = null;
  if (slug) {
    const found = findCategoryBySlug(meta, slug, locale);
    if (!found) {
      // A slug the backoffice changed (or a redirect an editor made) answers with its target.
      const target = await handleUnknownPath(url.pathname);
      if (target) return moved(target.to + url.search, target.status);
      return MISSING;
    }
    const canonical = canonicalTarget(
      found.canonicalSlug !== slug ? href("shop", locale, { slug: found.canonicalSlug }) : null,
      url.search,
    );
    if (canonical) return moved(canonical, 301);
    category = found.node;
  }

  const sortOptions = sortOptionsFor(category);
  const defaults: ShopDefaults = { sort: resolveSort(undefined, category).id, sorts: sortOptions.map((o) => o.id) };
  const defs = filterDefs(meta);
  const state = parseShopParams(url.searchParams, defs, defaults);
  const other = otherParams(url.searchParams, defs);
  const canonical = (s: ShopParams) => shopSearch(s, defs, defaults, other);
  if (!sameParams(url.searchParams, new URLSearchParams(canonical(state)))) return moved(url.pathname + canonical(state), 302);

  const categoryId = category?.id;
  const filters = serviceFilters(state, defs);
  // One-page view: page N shows pages 1..N in one list ("load more" appends), so that the
  // URL reproduces the view and the button is a plain link without JavaScript.
  const onepage = state.view === "onepage";
  const [list, featured, filterPanel] = await Promise.all([
    searchProducts(
      {
        categoryId,
        mainCategory: categoryId,
        filters,
        sort: state.sort,
        limit: onepage ? Math.min(state.page * state.limit, MAX_LIMIT) : state.limit,
        page: onepage ? 1 : state.page,
      },
      locale,
    ),
    searchProducts({ categoryId, mainCategory: categoryId, featured: true, limit: FEATURED_LIMIT }, locale),
    safeLayeredNavigation({ categoryId, filters }, locale),
  ]);
  const totalPages = Math.ceil(list.totalRecords / state.limit);
  // A page past the end (a stale link) goes to the last page.
  if (state.page > Math.max(1, totalPages)) return moved(url.pathname + canonical({ ...state, page: Math.max(1, totalPages) }), 302);

  const text = category ? categoryText(category, locale) : null;
  const heading = text ? text.title || text.name : t("shop.title");
  const descriptionHtml = text ? sanitizeCmsHtml(text.description) : "";
  const maxOnepage = Math.floor(MAX_LIMIT / state.limit);
  const origin = env.PUBLIC_URL;
  // The editor's SEO title and description when set (decision 0048), else derived.
  const title = pageTitle(heading, site.site.name, text?.metaTitle);
  const description = text?.metaDescription || plainText(descriptionHtml) || t("shop.metaDescription");
  // The language switch links to the category's own slug in each language.
  const alternates = Object.fromEntries(
    LOCALES.map((l) => [l, href("shop", l, category ? { slug: categoryText(category, l).slug } : {})]),
  ) as Record<Locale, string>;
  const nav = navigation(meta, category, locale);
  // A category without its own text in this language is the Croatian one: marked so, and canonical to it.
  const translated = category ? categoryLanguages(category) : undefined;
  const textLang = translated && !translated.includes(locale) ? ("hr" as const) : null;
  return pageFound({
    locale,
    origin,
    title,
    description,
    alternates,
    translated,
    textLang,
    // Link previews and the breadcrumb for search engines (decision 0036); the list's
    // own URL keeps its canonical query, as the canonical link does.
    seo: seoTags({
      origin,
      locale,
      path: textLang ? alternates.hr : alternates[locale] + url.search,
      type: "website",
      image: list.records.find((r) => r.image)?.image ?? null,
      fallbackImagePath: logoPath(site.options.Logo),
      jsonLd: category ? [breadcrumbList(origin, [{ name: t("shop.title"), href: href("shop", locale) }, ...nav.breadcrumb])] : [],
    }),
    heading,
    descriptionHtml,
    isRoot: !category,
    rootHref: href("shop", locale),
    ...nav,
    currency: site.currency,
    filters: filterPanel,
    defs,
    defaults,
    state,
    sortOptions: sortOptions.map((o) => ({ id: o.id, name: o.name })),
    perPageOptions: [...PER_PAGE_OPTIONS],
    records: await cardsWithGroupPrices(list.records, group),
    featured: await cardsWithGroupPrices(featured.records, group),
    info: { page: state.page, perPage: state.limit, totalRecords: list.totalRecords, totalPages: Math.max(1, totalPages) },
    resetHref: url.pathname + canonical({ ...state, values: {}, yesNo: {}, ranges: {}, page: 1 }),
    moreHref:
      onepage && state.page < totalPages && state.page < maxOnepage ? url.pathname + canonical({ ...state, page: state.page + 1 }) : null,
  });
}

export type ShopPageData = PageOf<Awaited<ReturnType<typeof loadShopPage>>>;
