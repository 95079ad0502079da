import { and, eq, inArray } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { categories, categoryTranslations, products, productTranslations } from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Content in a language it has no text for is honest about it: a CMS page, a post, a
 * product or a category asked for under /en or /de shows its Croatian text marked lang="hr",
 * names the Croatian page as canonical, lists only the languages it is written in as
 * hreflang alternates, and stays out of the sitemap in the others. The editor's page list
 * says which languages each page lacks.
 */
let shop: Shop;
let db: Database;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
}, 60_000);
afterAll(() => shop?.close());

async function head(path: string) {
  const { response, html } = await new Visitor(shop).page(path);
  expect(response.status, path).toBe(200);
  const document = new JSDOM(html).window.document;
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute("href");
  const hreflang = [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => l.getAttribute("hreflang"));
  return { document, canonical, hreflang };
}

const sitemapLocs = async () => {
  const xml = await (await new Visitor(shop).get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
};

describe("an untranslated CMS page (the seeded /reference has Croatian text only)", () => {
  it("is marked Croatian, canonical to the Croatian page and has no English or German alternate", async () => {
    const en = await head("/en/reference");
    expect(en.document.querySelector('[data-testid="cms-page"]')?.getAttribute("lang")).toBe("hr");
    // Its sections too (the page is built from components).
    expect(en.document.querySelector('main [lang="hr"] h2, main [lang="hr"] section')).not.toBeNull();
    expect(en.canonical).toBe(`${ORIGIN}/reference`);
    expect(en.hreflang).toEqual(["hr", "x-default"]);
    const hr = await head("/reference");
    expect(hr.canonical).toBe(`${ORIGIN}/reference`);
    expect(hr.hreflang).toEqual(["hr", "x-default"]);
  });

  it("a translated page keeps its own canonical and every alternate", async () => {
    const en = await head("/en/about-us");
    expect(en.canonical).toBe(`${ORIGIN}/en/about-us`);
    expect(en.hreflang).toEqual(["hr", "en", "de", "x-default"]);
    expect(en.document.querySelector('[data-testid="cms-page"]')?.getAttribute("lang") ?? null).toBeNull();
  });

  it("is in the sitemap in Croatian only", async () => {
    const locs = await sitemapLocs();
    expect(locs).toContain(`${ORIGIN}/reference`);
    expect(locs).not.toContain(`${ORIGIN}/en/reference`);
    expect(locs).not.toContain(`${ORIGIN}/de/reference`);
    expect(locs).toContain(`${ORIGIN}/en/about-us`);
    const xml = await (await new Visitor(shop).get("/sitemap.xml")).text();
    const entry = /<url><loc>http:\/\/localhost:3000\/reference<\/loc>.*?<\/url>/.exec(xml)![0];
    expect(entry).not.toContain('hreflang="en"');
  });
});

describe("an untranslated product and category", () => {
  it("are marked Croatian, canonical to Croatian and left out of the sitemap in that language", async () => {
    const [product] = await db
      .select({ id: products.id, slug: productTranslations.slug })
      .from(products)
      .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
      .where(and(eq(products.archived, false), eq(products.isVisibleIndividually, true), eq(productTranslations.languageCode, "hrv")))
      .limit(1);
    await db
      .delete(productTranslations)
      .where(and(eq(productTranslations.productId, product.id), inArray(productTranslations.languageCode, ["eng", "ger"])));
    const [category] = await db
      .select({ id: categories.id, slug: categoryTranslations.slug })
      .from(categories)
      .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
      .where(eq(categoryTranslations.languageCode, "hrv"))
      .limit(1);
    await db
      .delete(categoryTranslations)
      .where(and(eq(categoryTranslations.categoryId, category.id), eq(categoryTranslations.languageCode, "eng")));
    // As the catalogue editor's save would: the caches that show them forget them.
    const { dataChanged } = await import("~/modules/kernel/cache-impact.server");
    await dataChanged("product", "category");

    const page = await head(`/en/product/${product.slug}`);
    expect(page.document.querySelector('[data-testid="product-page"] h1')?.getAttribute("lang")).toBe("hr");
    expect(page.canonical).toBe(`${ORIGIN}/product/${product.slug}`);
    expect(page.hreflang).toEqual(["hr", "x-default"]);

    const list = await head(`/en/shop/${category.slug}`);
    expect(list.document.querySelector("h1")?.getAttribute("lang")).toBe("hr");
    expect(list.canonical).toBe(`${ORIGIN}/shop/${category.slug}`);
    expect(list.hreflang).toEqual(["hr", "de", "x-default"]);

    const locs = await sitemapLocs();
    expect(locs).toContain(`${ORIGIN}/product/${product.slug}`);
    expect(locs).not.toContain(`${ORIGIN}/en/product/${product.slug}`);
    expect(locs).not.toContain(`${ORIGIN}/de/produkt/${product.slug}`);
    expect(locs).toContain(`${ORIGIN}/shop/${category.slug}`);
    expect(locs).not.toContain(`${ORIGIN}/en/shop/${category.slug}`);
  });
});

describe("the editor's page list", () => {
  it("says which languages each page lacks", async () => {
    const admin = await loginAsAdmin(new Visitor(shop));
    const { html } = await admin.page("/admin/pages?q=reference");
    const rows = [...new JSDOM(html).window.document.querySelectorAll("tbody tr")];
    const row = rows.find((r) => r.textContent?.includes("/reference"))!;
    expect([...row.querySelectorAll('[data-testid="page-missing-language"]')].map((b) => b.textContent)).toEqual(["Nema EN", "Nema DE"]);
    const about = await admin.page("/admin/pages?q=o-nama");
    const aboutRow = [...new JSDOM(about.html).window.document.querySelectorAll("tbody tr")].find((r) =>
      r.textContent?.includes("/o-nama"),
    )!;
    expect(aboutRow.querySelectorAll('[data-testid="page-missing-language"]')).toHaveLength(0);
  });
});
