import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { products, productTranslations } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import { resolveSort, type SortOption } from "~/lib/sort-options";
import { categoryWithDescendants, getCatalogMeta, type CatalogMeta } from "./catalog-meta.server";
import {
  attributeCondition,
  discountCondition,
  featuredCondition,
  inCategories,
  keywordCondition,
  listable,
  type FilterValue,
} from "./filter-sql.server";
import { loadProductCards, type ProductCard } from "./product-cards.server";

/**
 * Product search and filter (spec §5, §7 web/filter): the one query behind the shop's
 * category pages, the featured block and any other product list.
 */
export type ProductQuery = {
  keywords?: string;
  /** Attribute id → value ids | {min, max} | yes/no. The key "archived" is the spec's archived filter: always forced to false. */
  filters?: Record<string, FilterValue>;
  /** The category (with its sub-categories) the list is limited to. */
  categoryId?: number;
  /** The category view's main category; limits like categoryId when that is not given. */
  mainCategory?: number;
  /** Fields asked for. Cards always carry spec §3's list fields, so it only counts as "asked for something". */
  select?: readonly string[];
  limit?: number;
  page?: number;
  /** A sort option id of spec §9 (1..8); restricted to the category's sortTypes when there is a category. */
  sort?: number;
  /** Only products tagged "Top proizvodi". */
  featured?: boolean;
  /** Only discounted products. */
  discount?: boolean;
};

export type ProductList = { records: ProductCard[]; totalRecords: number; totalPages: number; page: number; perPage: number };

export const DEFAULT_LIMIT = 10; // spec §9 product list default limit
/** No caller gets more rows than this in one call, whatever limit it passes. */
export const MAX_LIMIT = 480;
const MAX_PAGE = 10_000;

const listCache = namedCache<ProductList>("product-list", { ttlSeconds: 120, max: 1000 });

const wholeNumber = (value: unknown, fallback: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;

/** Attribute filters that carry a value: "archived" alone, empty lists and nulls do not count (spec §5). */
function activeFilters(filters: ProductQuery["filters"]): [string, FilterValue][] {
  return Object.entries(filters ?? {}).filter(
    ([key, value]) => key !== "archived" && value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
}

/**
 * Spec §5: a search without keywords, filters (other than only archived), main category,
 * select list, limit or page returns an empty result without a call. A category id is a
 * filter here (the category view always sends it with mainCategory).
 */
export function isEmptyQuery(query: ProductQuery): boolean {
  return (
    !query.keywords?.trim() &&
    activeFilters(query.filters).length === 0 &&
    query.categoryId === undefined &&
    query.mainCategory === undefined &&
    !query.select?.length &&
    query.limit === undefined &&
    query.page === undefined &&
    !query.discount
  );
}

export async function searchProducts(query: ProductQuery, locale: Locale): Promise<ProductList> {
  const perPage = wholeNumber(query.limit, DEFAULT_LIMIT, MAX_LIMIT);
  const page = wholeNumber(query.page, 1, MAX_PAGE);
  if (isEmptyQuery(query)) return { records: [], totalRecords: 0, totalPages: 0, page: 1, perPage };

  const meta = await getCatalogMeta();
  const categoryId = query.categoryId ?? query.mainCategory;
  const category = categoryId === undefined ? null : (meta.categories.find((c) => c.id === categoryId) ?? null);
  const sort = resolveSort(query.sort, category);
  // The key is the normalised query: filters sorted by attribute, ids sorted, defaults filled in.
  const filters = activeFilters(query.filters)
    .map(([key, value]) => [key, Array.isArray(value) ? [...value].sort((a, b) => a - b) : value] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  const key = JSON.stringify([
    locale,
    query.keywords?.trim() ?? "",
    filters,
    categoryId ?? null,
    sort.id,
    perPage,
    page,
    !!query.featured,
    !!query.discount,
  ]);
  return listCache.wrap(key, () => runSearch(meta, query, { categoryId, sort, perPage, page }, locale));
}

type Plan = { categoryId: number | undefined; sort: SortOption; perPage: number; page: number };

async function runSearch(meta: CatalogMeta, query: ProductQuery, plan: Plan, locale: Locale): Promise<ProductList> {
  const db = await getDb();
  const language = LOCALE_LANGUAGE_CODE[locale];
  const conditions: SQL[] = [listable()];
  if (plan.categoryId !== undefined) conditions.push(inCategories(db, categoryWithDescendants(meta, plan.categoryId)));
  for (const [key, value] of activeFilters(query.filters)) {
    const attribute = meta.attributes.find((a) => String(a.id) === key);
    const condition = attribute ? attributeCondition(db, attribute, value) : null;
    if (condition) conditions.push(condition); // an unknown attribute or a malformed value is no filter
  }
  const keywords = query.keywords ? keywordCondition(db, query.keywords, [...new Set([language, "hrv"])]) : null;
  if (keywords) conditions.push(keywords);
  if (query.featured) conditions.push(featuredCondition(db));
  if (query.discount) conditions.push(discountCondition());
  const where = and(...conditions);

  // The name in the locale's language, else Croatian; compared without case and diacritics
  // and in byte order, so PGlite and PostgreSQL (whatever its collation) agree.
  const own = alias(productTranslations, "own_text");
  const source = alias(productTranslations, "source_text");
  const translated = language !== "hrv";
  const name = sql`lower(unaccent(${translated ? sql`coalesce(${own.name}, ${source.name})` : source.name})) collate "C"`;
  const direction = plan.sort.order === "asc" ? asc : desc;
  // Ties (equal prices, priorities, names) fall back to the id, so pages never overlap.
  const orderBy =
    plan.sort.param === "id"
      ? [direction(products.id)]
      : [
          direction(
            plan.sort.param === "finalPrice"
              ? products.priceCents
              : plan.sort.param === "categoryPriority"
                ? products.categoryPriority
                : name,
          ),
          asc(products.id),
        ];

  const pageIds = (page: number) => {
    let select = db
      .select({ id: products.id, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .$dynamic();
    if (plan.sort.param === "name") {
      select = select.leftJoin(source, and(eq(source.productId, products.id), eq(source.languageCode, "hrv")));
      if (translated) select = select.leftJoin(own, and(eq(own.productId, products.id), eq(own.languageCode, language)));
    }
    return select
      .where(where)
      .orderBy(...orderBy)
      .limit(plan.perPage)
      .offset((page - 1) * plan.perPage);
  };

  // One query gives the page and the total (window count); only a page past the end needs
  // a count of its own, and then the last page is shown instead.
  let page = plan.page;
  let rows = await pageIds(page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    [{ total }] = await db.select({ total: count() }).from(products).where(where);
    page = Math.max(1, Math.ceil(total / plan.perPage));
    rows = total > 0 ? await pageIds(page) : [];
  }
  const records = await loadProductCards(
    rows.map((r) => r.id),
    locale,
  );
  return { records, totalRecords: total, totalPages: Math.ceil(total / plan.perPage), page, perPage: plan.perPage };
}
