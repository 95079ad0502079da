// Both databases: the query plans must use the search indexes of each database.
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { contentCountSql, productCountSql, type SearchScope } from "~/modules/search/search-sql.server";
import { searchTerms } from "~/modules/search/search-terms";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The search SQL must spell its expressions exactly like the indexes of
 * drizzle/0006_search.sql. With sequential scans discouraged, the plans must name them;
 * a drifted expression would silently read whole tables instead.
 */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  await fillLikeARealShop();
});

/**
 * A few thousand rows and statistics, as in a real shop: on the small seed the planner
 * rightly reads the tables whole, or filters by the language index alone.
 */
async function fillLikeARealShop() {
  await db.execute(sql`INSERT INTO products (site_id, sku, retail_price_cents, price_cents)
    SELECT 1, 'FILL-' || n, 100, 100 FROM generate_series(1, 3000) n`);
  await db.execute(sql`INSERT INTO product_translations (product_id, language_code, name, slug, short_description)
    SELECT p.id, l.code, 'Punjenje ' || p.id || ' ' || l.code, 'fill-' || p.id, 'Opis ' || md5(p.sku)
    FROM products p CROSS JOIN (VALUES ('hrv')) l(code) WHERE p.sku LIKE 'FILL-%'`);
  await db.execute(sql`INSERT INTO categories (site_id) SELECT 1 FROM generate_series(1, 3000)`);
  await db.execute(sql`INSERT INTO category_translations (category_id, language_code, name, slug)
    SELECT c.id, l.code, 'Kategorija ' || md5(c.id::text), 'fill-' || c.id FROM categories c
    CROSS JOIN (VALUES ('hrv'), ('eng')) l(code) WHERE c.id > 100`);
  await db.execute(
    sql`INSERT INTO pages (site_id, post_type, status) SELECT 1, CASE WHEN n % 2 = 0 THEN 'post' ELSE 'page' END, 'published' FROM generate_series(1, 3000) n`,
  );
  await db.execute(sql`INSERT INTO page_translations (page_id, language_code, title, slug, body_html)
    SELECT p.id, l.code, 'Naslov ' || md5(p.id::text), 'fill-' || p.id, '<p>' || md5(p.id::text) || '</p>' FROM pages p
    CROSS JOIN (VALUES ('hrv'), ('eng')) l(code) WHERE p.id > 100`);
  await db.execute(sql`ANALYZE`);
}
afterAll(() => shop.close());

async function plan(query: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = await tx.execute(sql`EXPLAIN ${query}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n");
  });
}

const scope = (text: string, mode: SearchScope["mode"], language = "hrv"): SearchScope => ({
  siteId: 1,
  language,
  terms: searchTerms(text)!,
  mode,
});

describe("search uses its indexes", () => {
  it("full text on product translations, and SKU prefixes", async () => {
    const text = await plan(productCountSql(scope("krov oluk", "text"))!);
    expect(text).toContain("product_translations_search");
    expect(await plan(productCountSql(scope("ak-olk", "text"))!)).toContain("products_sku_prefix");
  });

  it("full text on categories and pages, in English with the Croatian fallback", async () => {
    expect(await plan(contentCountSql("productCategories", scope("gutter", "text", "eng"))!)).toContain("category_translations_search");
    expect(await plan(contentCountSql("pages", scope("kontakt", "text"))!)).toContain("page_translations_search");
  });

  it("trigram similarity for misspellings", async () => {
    expect(await plan(productCountSql(scope("trapzni", "fuzzy"))!)).toContain("product_translations_name_trgm");
    expect(await plan(contentCountSql("productCategories", scope("olci", "fuzzy"))!)).toContain("category_translations_name_trgm");
    expect(await plan(contentCountSql("posts", scope("zljeb", "fuzzy"))!)).toContain("page_translations_title_trgm");
  });
});
