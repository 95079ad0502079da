import { sql, type SQL } from "drizzle-orm";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { DomainError } from "~/.server/domain-error";
import { loadProductCards, type ProductCard } from "~/modules/catalog/product-cards.server";
import { cardsWithGroupPrices } from "~/modules/catalog/group-card-prices.server";
import type { PriceGroup } from "~/lib/shopper-price";
import { getSiteContext } from "~/modules/site/site.server";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import { pageInfo } from "~/lib/pagination";
import { href } from "~/lib/routes-table";
import { isSearchCategory, normalizeSearchText, SEARCH_CATEGORIES, SEARCH_PAGE_SIZE, type SearchCategory } from "./search-params";
import {
  contentCountSql,
  contentPageSql,
  productCountSql,
  productPageSql,
  type ContentRow,
  type SearchMode,
  type SearchScope,
} from "./search-sql.server";
import { searchTerms, type SearchTerms } from "./search-terms";

/** Spec §5: search needs at least one category. */
export const MISSING_CATEGORIES_MESSAGE = "Missing search categories";

export type SearchRecord = {
  id: number;
  title: string;
  href: string;
  description: string;
  image: MediaRef | null;
  /** Products carry their card (price, discount, stock) so the page can show it. */
  product?: ProductCard;
};

export type SearchResult = {
  records: SearchRecord[];
  totalRecords: number;
  totalPages: number;
  page: number;
  /** Nothing matched word for word; these are names similar to what was typed. */
  fuzzy: boolean;
};

export type SearchInput = {
  text: string;
  categories: readonly SearchCategory[];
  page?: number;
  locale: Locale;
  /** A signed-in group customer's prices, put over the shared (cached) product cards (decision 0107). */
  group?: PriceGroup | null;
};
export type SearchResults = Partial<Record<SearchCategory, SearchResult>>;

// Short-lived: results follow catalogue edits within a minute, and the admin cache page
// clears them at once. Typing with JavaScript asks for the same few prefixes again and again.
const resultCache = namedCache<SearchResult>("search", { ttlSeconds: 60, max: 1000 });
const totalsCache = namedCache<Record<SearchCategory, number>>("search-totals", { ttlSeconds: 60, max: 1000 });

const EMPTY: SearchResult = { records: [], totalRecords: 0, totalPages: 1, page: 1, fuzzy: false };

/**
 * Searches the given categories in the locale's language (an item without a row in that
 * language is searched and linked by its Croatian text). Empty text gives empty results
 * without touching the database; text is cut to 100 characters.
 */
export async function search(input: SearchInput): Promise<SearchResults> {
  const categories = [...new Set(input.categories.filter(isSearchCategory))];
  if (categories.length === 0)
    throw new DomainError("missingCategories", { message: MISSING_CATEGORIES_MESSAGE, key: "search.missingCategories" });
  const text = normalizeSearchText(input.text);
  const terms = text ? searchTerms(text) : null;
  const page = Number.isInteger(input.page) && input.page! > 0 ? input.page! : 1;
  const results = await Promise.all(
    categories.map(async (category) => {
      if (!terms) return [category, EMPTY] as const;
      const key = `${input.locale}|${category}|${page}|${text.toLowerCase()}`;
      const shared = await resultCache.wrap(key, () => searchCategory(category, terms, page, input.locale));
      return [category, await withGroupPrices(shared, input.group ?? null)] as const;
    }),
  );
  return Object.fromEntries(results);
}

async function withGroupPrices(result: SearchResult, group: PriceGroup | null): Promise<SearchResult> {
  const cards = result.records.flatMap((r) => (r.product ? [r.product] : []));
  if (!group || cards.length === 0) return result;
  const priced = new Map((await cardsWithGroupPrices(cards, group)).map((card) => [card.id, card]));
  return { ...result, records: result.records.map((r) => (r.product ? { ...r, product: priced.get(r.product.id) } : r)) };
}

/** How many results each tab has, so a shopper sees where the hits are before switching. */
export async function searchTotals(rawText: string, locale: Locale): Promise<Record<SearchCategory, number>> {
  const text = normalizeSearchText(rawText);
  const terms = text ? searchTerms(text) : null;
  const none = Object.fromEntries(SEARCH_CATEGORIES.map((c) => [c, 0])) as Record<SearchCategory, number>;
  if (!terms) return none;
  return totalsCache.wrap(`${locale}|${text.toLowerCase()}`, async () => {
    const base = await baseScope(terms, locale);
    const counted = await Promise.all(SEARCH_CATEGORIES.map(async (c) => [c, (await chooseMode(c, base)).total] as const));
    return Object.fromEntries(counted) as Record<SearchCategory, number>;
  });
}

async function baseScope(terms: SearchTerms, locale: Locale): Promise<SearchScope> {
  const ctx = await getSiteContext(locale);
  return { siteId: ctx.site.id, language: LOCALE_LANGUAGE_CODE[locale], terms, mode: "text" };
}

/**
 * pg_trgm's default word-similarity threshold (0.6) misses ordinary typos ("trapzni" is
 * 0.55 like "trapezni"); the operator reads the threshold from a setting, so fuzzy queries
 * set it for their own transaction only.
 */
const FUZZY_THRESHOLD = 0.5;

async function rows<T>(query: SQL, mode: SearchMode = "text"): Promise<T[]> {
  const db = await getDb();
  const result =
    mode === "text"
      ? await db.execute(query)
      : await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
          return tx.execute(query);
        });
  return (result as unknown as { rows: T[] }).rows;
}

function countSql(category: SearchCategory, scope: SearchScope) {
  return category === "products" ? productCountSql(scope) : contentCountSql(category, scope);
}

/** Word-for-word matches when there are any, else similar names (misspellings). */
async function chooseMode(category: SearchCategory, base: SearchScope): Promise<{ scope: SearchScope; total: number }> {
  for (const mode of ["text", "fuzzy"] as SearchMode[]) {
    const scope = { ...base, mode };
    const query = countSql(category, scope);
    const total = query ? ((await rows<{ total: number }>(query, mode))[0]?.total ?? 0) : 0;
    if (total > 0) return { scope, total };
  }
  return { scope: base, total: 0 };
}

async function searchCategory(category: SearchCategory, terms: SearchTerms, requestedPage: number, locale: Locale): Promise<SearchResult> {
  const { scope, total } = await chooseMode(category, await baseScope(terms, locale));
  if (total === 0) return EMPTY;
  // A page past the end shows the last page rather than an empty list.
  const info = pageInfo(requestedPage, SEARCH_PAGE_SIZE, total);
  const offset = (info.page - 1) * SEARCH_PAGE_SIZE;
  const records =
    category === "products"
      ? await productRecords(scope, offset, locale)
      : (await rows<ContentRow>(contentPageSql(category, scope, SEARCH_PAGE_SIZE, offset), scope.mode)).map((row) =>
          contentRecord(category, row, locale),
        );
  return { records, totalRecords: total, totalPages: info.totalPages, page: info.page, fuzzy: scope.mode === "fuzzy" };
}

async function productRecords(scope: SearchScope, offset: number, locale: Locale): Promise<SearchRecord[]> {
  const query = productPageSql(scope, SEARCH_PAGE_SIZE, offset);
  const ids = query ? (await rows<{ id: number }>(query, scope.mode)).map((r) => r.id) : [];
  const cards = await loadProductCards(ids, locale);
  return cards.map((card) => ({
    id: card.id,
    title: card.name,
    href: href("product", locale, { slug: card.slug }),
    description: card.shortDescription,
    image: card.image,
    product: card,
  }));
}

function contentRecord(category: Exclude<SearchCategory, "products">, row: ContentRow, locale: Locale): SearchRecord {
  // Categories open the shop listing; pages and posts are both served at /{slug} (spec §2 Links).
  const link = category === "productCategories" ? href("shop", locale, { slug: row.slug }) : href("page", locale, { slug: row.slug });
  return { id: row.id, title: row.title, href: link, description: row.description ?? "", image: null };
}
