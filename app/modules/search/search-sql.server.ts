import { sql, type SQL } from "drizzle-orm";
import type { SearchCategory } from "./search-params";
import type { SearchTerms } from "./search-terms";

/**
 * The SQL of search. Every match expression is spelt exactly like an index of
 * drizzle/0006_search.sql (f_search_vector(name, short_description), f_search_text(name)
 * ...), otherwise PostgreSQL would read every row. All values are bound parameters; only
 * the table and column names below, which are constants, are written into the text.
 */

/** "text": full-text prefix search; "fuzzy": trigram word similarity, for misspellings. */
export type SearchMode = "text" | "fuzzy";
export type SearchScope = { siteId: number; language: string; terms: SearchTerms; mode: SearchMode };

type Source = {
  table: string; // the translation table, aliased t
  key: string; // its column naming the translated row
  title: string; // weighted A, and the column of the fuzzy search
  body: string; // weighted B; HTML allowed
  parent: string; // the translated table, aliased p
  description: string; // shown under the title
  filter: (scope: SearchScope) => SQL; // conditions on p
};

const CONTENT_LANGUAGE = "hrv"; // the fallback for rows missing in the visitor's language

/** Published pages or posts whose publication date has come (drafts and scheduled ones stay hidden). */
const published = (postType: string) =>
  sql`p.post_type = ${postType} AND p.status = 'published' AND (p.published_at IS NULL OR p.published_at <= now())`;

const PRODUCTS: Source = {
  table: "product_translations",
  key: "product_id",
  title: "name",
  body: "short_description",
  parent: "products",
  description: "short_description",
  // Archived products and variants that are not sold on their own are never found.
  filter: (s) => sql`p.site_id = ${s.siteId} AND NOT p.archived AND p.is_visible_individually`,
};

const PAGE_LIKE = {
  table: "page_translations",
  key: "page_id",
  title: "title",
  body: "body_html",
  parent: "pages",
  description: "meta_description",
};

const SOURCES: Record<Exclude<SearchCategory, "products">, Source> = {
  productCategories: {
    table: "category_translations",
    key: "category_id",
    title: "name",
    body: "title",
    parent: "categories",
    description: "title",
    filter: (s) => sql`p.site_id = ${s.siteId}`,
  },
  pages: { ...PAGE_LIKE, filter: (s) => sql`p.site_id = ${s.siteId} AND ${published("page")}` },
  posts: { ...PAGE_LIKE, filter: (s) => sql`p.site_id = ${s.siteId} AND ${published("post")}` },
};

const col = (name: string) => sql.raw(`t.${name}`);

function matches(src: Source, s: SearchScope): SQL {
  if (s.mode === "fuzzy") return sql`public.f_search_text(${s.terms.words}) <% public.f_search_text(${col(src.title)})`;
  return sql`public.f_search_vector(${col(src.title)}, ${col(src.body)}) @@ to_tsquery('simple', public.f_unaccent(${s.terms.tsquery}))`;
}

function rank(src: Source, s: SearchScope): SQL {
  if (s.mode === "fuzzy") return sql`word_similarity(public.f_search_text(${s.terms.words}), public.f_search_text(${col(src.title)}))`;
  return sql`ts_rank(public.f_search_vector(${col(src.title)}, ${col(src.body)}), to_tsquery('simple', public.f_unaccent(${s.terms.tsquery})))`;
}

/**
 * The row in the visitor's language, or the Croatian row of an item that has none in it,
 * so an untranslated item is found (and linked) by its Croatian text.
 */
function inLanguage(src: Source, s: SearchScope): SQL {
  if (s.language === CONTENT_LANGUAGE) return sql`t.language_code = ${CONTENT_LANGUAGE}`;
  const table = sql.raw(src.table);
  const key = sql.raw(src.key);
  return sql`(t.language_code = ${s.language} OR (t.language_code = ${CONTENT_LANGUAGE} AND NOT EXISTS (
    SELECT 1 FROM ${table} o WHERE o.${key} = t.${key} AND o.language_code = ${s.language})))`;
}

/** Whether a scope can match anything in the text columns at all. */
const hasWords = (s: SearchScope) => (s.mode === "text" ? s.terms.tsquery !== "" : s.terms.words !== "");

/**
 * Matching rows are collected first, in a materialised CTE, and only then joined to their
 * parents: without statistics (PGlite has no autovacuum) the planner otherwise loops over
 * the parents and re-runs the text match for each of them.
 */
function contentHits(src: Source, s: SearchScope): SQL {
  return sql`WITH hits AS MATERIALIZED (
      SELECT ${col(src.key)} AS id, ${col(src.title)} AS title, t.slug, ${col(src.description)} AS description, ${rank(src, s)} AS rank
      FROM ${sql.raw(src.table)} t WHERE ${matches(src, s)} AND ${inLanguage(src, s)})`;
}

export type ContentRow = { id: number; title: string; slug: string; description: string };

export function contentCountSql(category: Exclude<SearchCategory, "products">, s: SearchScope): SQL | null {
  const src = SOURCES[category];
  if (!hasWords(s)) return null;
  return sql`${contentHits(src, s)} SELECT count(*)::int AS total FROM hits h JOIN ${sql.raw(src.parent)} p ON p.id = h.id WHERE ${src.filter(s)}`;
}

/** One page of categories, pages or posts, best first; the id breaks ties so pages never overlap. */
export function contentPageSql(category: Exclude<SearchCategory, "products">, s: SearchScope, limit: number, offset: number): SQL {
  const src = SOURCES[category];
  return sql`${contentHits(src, s)} SELECT h.id, h.title, h.slug, h.description
    FROM hits h JOIN ${sql.raw(src.parent)} p ON p.id = h.id WHERE ${src.filter(s)}
    ORDER BY h.rank DESC, h.id ASC LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * Product ids with their best rank: text matches of the translations, and in text mode
 * products whose SKU starts with the text (a variant's SKU finds its configurable parent).
 * SKU hits rank above any text match (ts_rank stays below 1). Materialised like contentHits.
 */
function productHits(s: SearchScope): SQL | null {
  const branches: SQL[] = [];
  if (hasWords(s)) {
    branches.push(sql`SELECT t.product_id AS id, ${rank(PRODUCTS, s)} AS rank
      FROM product_translations t WHERE ${matches(PRODUCTS, s)} AND ${inLanguage(PRODUCTS, s)}`);
  }
  if (s.mode === "text" && s.terms.skuPattern) {
    branches.push(
      sql`SELECT coalesce(v.parent_id, v.id) AS id, 10::real AS rank FROM products v WHERE lower(v.sku) LIKE ${s.terms.skuPattern}`,
    );
  }
  return branches.length ? sql`WITH hits AS MATERIALIZED (${sql.join(branches, sql` UNION ALL `)})` : null;
}

export function productCountSql(s: SearchScope): SQL | null {
  const hits = productHits(s);
  return hits
    ? sql`${hits} SELECT count(DISTINCT p.id)::int AS total FROM hits h JOIN products p ON p.id = h.id WHERE ${PRODUCTS.filter(s)}`
    : null;
}

export function productPageSql(s: SearchScope, limit: number, offset: number): SQL | null {
  const hits = productHits(s);
  if (!hits) return null;
  return sql`${hits} SELECT p.id, max(h.rank) AS rank FROM hits h JOIN products p ON p.id = h.id
    WHERE ${PRODUCTS.filter(s)} GROUP BY p.id ORDER BY rank DESC, p.id ASC LIMIT ${limit} OFFSET ${offset}`;
}
