// Both databases: unaccent, pg_trgm and full-text ranking are the database's own functions.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { isDomainError } from "~/.server/domain-error";
import { pages, pageTranslations, products, productTranslations } from "~/.server/db/schema";
import { search, searchTotals, type SearchResult } from "~/modules/search/search.server";
import type { SearchCategory } from "~/modules/search/search-params";
import type { Locale } from "~/lib/locales";
import { bootShop, type Shop } from "../setup/shop";

let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  await insertTestContent();
});
afterAll(() => shop.close());

/** Products written as shops often do, without diacritics, plus ones that must stay hidden. */
async function insertTestContent() {
  const add = async (sku: string, name: string, extra: Partial<typeof products.$inferInsert> = {}) => {
    const [row] = await db
      .insert(products)
      .values({ siteId: 1, sku, retailPriceCents: 1000, priceCents: 1000, ...extra })
      .returning({ id: products.id });
    await db
      .insert(productTranslations)
      .values({ productId: row.id, languageCode: "hrv", name, slug: sku.toLowerCase(), shortDescription: "" });
    return row.id;
  };
  await add("TEST-NOSAC", "Celicni nosac snjegobrana zutocinkani");
  await add("TEST-NOSAC-ARH", "Arhivirani celicni nosac zutocinkani", { archived: true });
  await add("TEST-NOSAC-VAR", "Varijanta celicni nosac zutocinkani", { isVisibleIndividually: false });
  const post = async (title: string, slug: string, status: "published" | "draft") => {
    const [row] = await db
      .insert(pages)
      .values({ siteId: 1, postType: "post", status, publishedAt: new Date(Date.now() - 60_000) })
      .returning({ id: pages.id });
    await db
      .insert(pageTranslations)
      .values({ pageId: row.id, languageCode: "hrv", title, slug, bodyHtml: "<p>Kako odabrati <strong>limeni</strong> pokrov.</p>" });
  };
  await post("Zimsko održavanje žljebova", "zimsko-odrzavanje-zljebova", "published");
  await post("Nacrt: žljebovi u proljeće", "nacrt-zljebovi", "draft");
}

async function one(text: string, category: SearchCategory = "products", locale: Locale = "hr", page = 1): Promise<SearchResult> {
  const result = await search({ text, categories: [category], page, locale });
  return result[category]!;
}
const titles = (r: SearchResult) => r.records.map((x) => x.title);
async function skusOf(r: SearchResult) {
  const ids = r.records.map((x) => x.id);
  if (ids.length === 0) return [];
  const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)!.sku);
}

describe("search is diacritics-insensitive both ways", () => {
  it("'celik' finds seeded text written with č (čelika, čelične)", async () => {
    const skus = await skusOf(await one("celik"));
    expect(skus).toEqual(expect.arrayContaining(["AK-PRB-KLM-KLK", "AK-PRB-VIJ-4835"]));
  });

  it("'čelik' finds the same products, and text written without diacritics", async () => {
    const withMark = await skusOf(await one("čelik"));
    expect(withMark).toEqual(expect.arrayContaining(["AK-PRB-KLM-KLK", "AK-PRB-VIJ-4835", "TEST-NOSAC"]));
    expect(await skusOf(await one("nosač snjegobrana"))).toEqual(["TEST-NOSAC"]);
  });

  it("folds š, ž, ć and đ as well", async () => {
    expect(titles(await one("sindra"))).toContain("Aluminijska krovna šindra Rustika RAL 8017");
    expect(titles(await one("skare"))).toContain("Ručne škare za lim, ravne");
    expect(titles(await one("kolacica", "pages"))).toContain("Politika kolačića");
    expect(titles(await one("nehrdajuceg"))).toContain("Klamerica za falcani panel Klik-Fix (100 kom)");
  });
});

describe("prefixes and Croatian word forms", () => {
  it("'krov' finds krovni, krovna ... products, in every listed product category", async () => {
    const found = titles(await one("krov"));
    expect(found).toEqual(expect.arrayContaining(["Krovni prozor 55 × 78 cm s aluminijskim opšavom", "Krovni sendvič panel 40 mm PIR"]));
    expect(found).not.toContain("Ručne škare za lim, ravne");
  });

  it("'oluk' finds oluka and the categories Oluci (softened k → c)", async () => {
    expect(titles(await one("oluk"))).toEqual(
      expect.arrayContaining(["Čep oluka 125 mm RAL 7016", "Polukružni oluk 125 mm RAL 7016 (3 m)"]),
    );
    expect(titles(await one("oluk", "productCategories"))).toEqual(expect.arrayContaining(["Oluci", "Oluci i odvodnja"]));
    expect(titles(await one("oluci", "productCategories"))).toEqual(expect.arrayContaining(["Oluci", "Oluci i odvodnja"]));
  });

  it("requires every word: 'krovni prozor' finds windows only", async () => {
    const found = titles(await one("krovni prozor"));
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const title of found) expect(title.toLowerCase()).toMatch(/prozor/);
  });

  it("ranks name matches above description matches, in a stable order", async () => {
    const first = await one("oluk");
    const inName = first.records.map((r) => /oluk/i.test(r.title));
    const lastNameHit = inName.lastIndexOf(true);
    expect(inName.slice(0, lastNameHit + 1).every(Boolean)).toBe(true);
    expect(inName.slice(lastNameHit + 1).length).toBeGreaterThan(0); // e.g. downpipes "za oluke"
    const again = await search({ text: "Oluk oluk", categories: ["products"], page: 1, locale: "hr" }); // same words, another cache key
    expect(again.products!.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));
  });

  it("finds a product by the start of its SKU, and a variant's SKU finds its parent", async () => {
    expect(titles(await one("AK-OLK-PK125"))[0]).toBe("Polukružni oluk 125 mm RAL 7016 (3 m)");
    expect(titles(await one("ak-pnl-teg-7016-05"))).toEqual(["Aluminijski panel crijep Tegola"]);
  });

  it("falls back to similar names for a misspelt word", async () => {
    const result = await one("trapzni");
    expect(result.fuzzy).toBe(true);
    expect(result.totalRecords).toBeGreaterThan(0);
    for (const title of titles(result)) expect(title).toMatch(/trapez/i);
  });
});

describe("what is never found", () => {
  it("leaves out archived products and variants not sold individually", async () => {
    expect(await skusOf(await one("zutocinkani"))).toEqual(["TEST-NOSAC"]);
    expect(titles(await one("klasik"))).not.toContain("Krovni panel Klasik (stari profil)");
  });

  it("finds published posts only in the posts tab", async () => {
    expect(titles(await one("zljebova", "posts"))).toEqual(["Zimsko održavanje žljebova"]);
    expect(titles(await one("zljebovi", "posts"))).toEqual(["Zimsko održavanje žljebova"]); // the draft stays hidden
    expect(titles(await one("zljebova", "pages"))).toEqual([]);
    expect((await one("limeni", "posts")).records[0]?.href).toBe("/zimsko-odrzavanje-zljebova");
  });
});

describe("languages", () => {
  it("searches English rows under en and links by the English slug", async () => {
    const result = await one("gutter", "products", "en");
    const gutter = result.records.find((r) => r.title === "Half-round gutter 125 mm RAL 7016 (3 m)");
    expect(gutter?.href).toBe("/en/product/half-round-gutter-125-mm-ral-7016-3-m");
    expect(titles(await one("gutter", "productCategories", "en"))).toContain("Gutters");
  });

  it("finds a product without an English row by its Croatian text, linked by the Croatian slug", async () => {
    const result = await one("polukruzni", "products", "en");
    const hr150 = result.records.find((r) => r.title === "Polukružni oluk 150 mm RAL 8017 (3 m)");
    expect(hr150?.href).toBe("/en/product/polukruzni-oluk-150-mm-ral-8017-3-m");
    // The 125 mm gutter has an English row, so its Croatian text is not searched under /en.
    expect(titles(result)).not.toContain("Polukružni oluk 125 mm RAL 7016 (3 m)");
    expect(titles(result)).not.toContain("Half-round gutter 125 mm RAL 7016 (3 m)");
  });
});

describe("input rules", () => {
  it("needs at least one category (spec §5)", async () => {
    const error = await search({ text: "krov", categories: [], locale: "hr" }).catch((e: unknown) => e);
    expect(isDomainError(error)).toBe(true);
    expect((error as Error).message).toBe("Missing search categories");
    expect((error as { code: string; key: string }).code).toBe("missingCategories");
    expect((error as { key: string }).key).toBe("search.missingCategories");
  });

  it("answers empty or whitespace text with empty results", async () => {
    const result = await search({ text: "  \t ", categories: ["products", "pages"], locale: "hr" });
    expect(result.products).toMatchObject({ records: [], totalRecords: 0, page: 1 });
    expect(result.pages).toMatchObject({ records: [], totalRecords: 0 });
    expect(await searchTotals("", "hr")).toEqual({ products: 0, posts: 0, productCategories: 0, pages: 0 });
  });

  it("cuts very long text to 100 characters and survives query syntax", async () => {
    const long = `oluk ${"polukružni ".repeat(500)}`;
    expect((await one(long)).records.map((r) => r.id)).toEqual((await one(long.slice(0, 100))).records.map((r) => r.id));
    // "zzzz" starts at character 100: cut to "z", a single letter, which is ignored.
    expect((await one(`krov ${"y ".repeat(47)}zzzz`)).totalRecords).toBeGreaterThan(0);
    for (const nasty of ["krov:* | !", "') OR 1=1 --", "<->", "%_\\", "a & b", "***"]) await expect(one(nasty)).resolves.toBeDefined();
  });

  it("pages through results without overlap and clamps a page past the end", async () => {
    const first = await one("ral");
    expect(first.totalRecords).toBeGreaterThan(10);
    expect(first.records).toHaveLength(10);
    const second = await one("ral", "products", "hr", 2);
    expect(second.page).toBe(2);
    expect(second.records.map((r) => r.id).some((id) => first.records.some((r) => r.id === id))).toBe(false);
    const past = await one("ral", "products", "hr", 999);
    expect(past.page).toBe(first.totalPages);
    expect(await searchTotals("ral", "hr")).toMatchObject({ products: first.totalRecords });
  });
});
