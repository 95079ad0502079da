import type { Locale } from "~/lib/locales";
import { positiveInt } from "~/lib/pagination";
import { href } from "~/lib/routes-table";

/** The tabs of the search page (spec §2 Search), in the order shown. */
export const SEARCH_CATEGORIES = ["products", "posts", "productCategories", "pages"] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];
export const DEFAULT_SEARCH_CATEGORY: SearchCategory = "products";

/** Longer input is cut: nobody types more, and it keeps the query bounded. */
export const MAX_SEARCH_LENGTH = 100;
/** Spec §9: the default paginated-list page size. */
export const SEARCH_PAGE_SIZE = 10;
/** Spec §4 Search and §9: results follow typing after 500 ms of quiet. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Query parameter names of spec §4 Search: category, page, search. */
export const SEARCH_PARAM = { text: "search", category: "category", page: "page" } as const;

export function isSearchCategory(value: unknown): value is SearchCategory {
  return typeof value === "string" && (SEARCH_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Whitespace collapsed and trimmed, at most MAX_SEARCH_LENGTH characters. Control
 * characters count as spaces: PostgreSQL refuses a NUL byte in a text parameter.
 */
export function normalizeSearchText(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return (
    raw
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH)
      .trim()
  );
}

export type SearchParams = { text: string; categories: SearchCategory[]; page: number };

/**
 * The search page's query: no category parameter means products; a category parameter
 * that names no known tab leaves the list empty, so the service answers with the
 * missing-categories error (spec §5) instead of guessing.
 */
export function parseSearchParams(query: URLSearchParams): SearchParams {
  const given = query.getAll(SEARCH_PARAM.category);
  const categories = given.length === 0 ? [DEFAULT_SEARCH_CATEGORY] : [...new Set(given.filter(isSearchCategory))];
  return {
    text: normalizeSearchText(query.get(SEARCH_PARAM.text)),
    categories,
    page: positiveInt(query.get(SEARCH_PARAM.page), 1),
  };
}

/** The search page URL for a text and a tab; page 1 is left out of the URL. */
export function searchHref(locale: Locale, { text, category, page = 1 }: { text: string; category: SearchCategory; page?: number }) {
  const query = new URLSearchParams();
  if (text) query.set(SEARCH_PARAM.text, text);
  query.set(SEARCH_PARAM.category, category);
  if (page > 1) query.set(SEARCH_PARAM.page, String(page));
  return `${href("search", locale)}?${query}`;
}
