import { and, eq, inArray, isNull } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import * as s from "~/.server/db/schema";
import type * as HomeService from "~/modules/home/home.server";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The home page's shop blocks (spec §2 Home): hero cards, top products, a slider per
 * category, through real requests; the service directly to count its queries.
 */
let shop: Shop;
let db: Database;
let home: typeof HomeService;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  home = await import("~/modules/home/home.server");
});
afterAll(() => shop.close());

async function document(path: string, visitor = new Visitor(shop)) {
  const { response, html } = await visitor.page(path);
  expect(response.status, path).toBe(200);
  return new JSDOM(html).window.document;
}
const cardLinks = (root: Element) =>
  [...root.querySelectorAll('[data-testid="product-card"]')].map((card) => card.querySelector("a")!.getAttribute("href"));

/** Slugs of the products of a tag in a language (Croatian unless told). */
async function taggedSlugs(tag: string, language = "hrv") {
  const rows = await db
    .select({ slug: s.productTranslations.slug })
    .from(s.productTags)
    .innerJoin(s.tags, eq(s.tags.id, s.productTags.tagId))
    .innerJoin(s.productTranslations, eq(s.productTranslations.productId, s.productTags.productId))
    .where(and(eq(s.tags.name, tag), eq(s.productTranslations.languageCode, language)))
    .orderBy(s.productTags.productId);
  return rows.map((r) => r.slug);
}

/** Counts the SQL statements Drizzle prepares while `run` runs. */
async function countQueries(run: () => Promise<unknown>) {
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const spy = vi.spyOn(session, "prepareQuery");
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe("hero products", () => {
  it("shows exactly the 2 Hero products, each linking to /product/{slug}", async () => {
    const doc = await document("/");
    const hero = doc.querySelector('[data-testid="home-hero-products"]')!;
    expect(cardLinks(hero)).toEqual((await taggedSlugs("Hero")).map((slug) => `/product/${slug}`));
    expect(cardLinks(hero)).toHaveLength(2);
    // Above the fold: loaded at once. Slider images wait until they come near.
    for (const img of hero.querySelectorAll("img")) expect(img.getAttribute("loading")).toBe("eager");
    const sliderImages = [...doc.querySelectorAll('[data-testid="category-slider"] img')];
    expect(sliderImages.length).toBeGreaterThan(0);
    expect(sliderImages.every((img) => img.getAttribute("loading") === "lazy")).toBe(true);
  });

  it("links to the English product pages under /en and the German ones under /de", async () => {
    const en = (await document("/en")).querySelector('[data-testid="home-hero-products"]')!;
    expect(cardLinks(en)).toEqual((await taggedSlugs("Hero", "eng")).map((slug) => `/en/product/${slug}`));
    const de = (await document("/de")).querySelector('[data-testid="home-hero-products"]')!;
    expect(cardLinks(de)).toEqual((await taggedSlugs("Hero", "ger")).map((slug) => `/de/produkt/${slug}`));
    expect((await document("/en")).body.textContent).toContain("Featured products");
  });
});

describe("top products", () => {
  it("shows 3 products tagged Top proizvodi in a slider", async () => {
    const doc = await document("/");
    const top = doc.querySelector('[data-testid="home-top-products"]')!;
    const links = cardLinks(top);
    expect(links).toHaveLength(3);
    const tagged = (await taggedSlugs("Top proizvodi")).map((slug) => `/product/${slug}`);
    expect(tagged.length).toBeGreaterThan(3); // the limit, not the data, makes it 3
    for (const link of links) expect(tagged).toContain(link);
    expect(top.querySelector('[data-testid="top-slider"]')).not.toBeNull();
  });
});

describe("category sliders", () => {
  async function topLevelWithProducts(language: string) {
    const rows = await db
      .selectDistinct({ id: s.categories.id, slug: s.categoryTranslations.slug, position: s.categories.position })
      .from(s.categories)
      .innerJoin(
        s.categoryTranslations,
        and(eq(s.categoryTranslations.categoryId, s.categories.id), eq(s.categoryTranslations.languageCode, language)),
      )
      .innerJoin(s.productCategories, eq(s.productCategories.categoryId, s.categories.id))
      .innerJoin(s.products, eq(s.products.id, s.productCategories.productId))
      .where(and(isNull(s.categories.parentId), eq(s.products.archived, false), eq(s.products.isVisibleIndividually, true)))
      .orderBy(s.categories.position, s.categories.id);
    return rows;
  }

  it("shows one slider per top-level category with products, titled with a link to /shop/{slug}", async () => {
    const doc = await document("/");
    const sections = [...doc.querySelectorAll('[data-testid="home-category"]')];
    const expected = await topLevelWithProducts("hrv");
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(sections.map((sec) => sec.querySelector('[data-testid="home-category-link"]')!.getAttribute("href"))).toEqual(
      expected.map((c) => `/shop/${c.slug}`),
    );
    for (const section of sections) {
      const count = section.querySelectorAll('[data-testid="product-card"]').length;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(20);
    }
  });

  it("links the English category titles to /en/shop/{english slug}", async () => {
    const doc = await document("/en");
    const links = [...doc.querySelectorAll('[data-testid="home-category-link"]')].map((a) => a.getAttribute("href"));
    expect(links).toEqual((await topLevelWithProducts("eng")).map((c) => `/en/shop/${c.slug}`));
  });

  it("renders every slide on the server, so the row works without JavaScript", async () => {
    const doc = await document("/");
    const slider = doc.querySelector('[data-testid="category-slider"]')!;
    expect(slider.querySelectorAll('[data-testid="category-slider-slide"]').length).toBe(
      slider.querySelectorAll('[data-testid="product-card"]').length,
    );
    // Its widths come from the stylesheet ([data-carousel]), not a <style> inside <body>.
    expect(slider.getAttribute("data-carousel")).not.toBeNull();
    expect(slider.querySelector("style")).toBeNull();
    // Buttons come with JavaScript only.
    expect(slider.querySelector('[data-testid="category-slider-next"]')).toBeNull();
  });
});

describe("bounded queries and the cache", () => {
  /** Adds a top-level category with `n` shoppable products, one hidden variant and one archived product. */
  async function addCategory(tag: string, n: number) {
    const [category] = await db.insert(s.categories).values({ siteId: 1, position: 100 }).returning({ id: s.categories.id });
    await db
      .insert(s.categoryTranslations)
      .values({ categoryId: category.id, languageCode: "hrv", name: `Kategorija ${tag}`, slug: `kategorija-${tag}` });
    const rows = Array.from({ length: n + 2 }, (_, i) => ({
      siteId: 1,
      sku: `TEST-${tag}-${i}`,
      retailPriceCents: 1000 + i,
      priceCents: 1000 + i,
      archived: i === n,
      isVisibleIndividually: i !== n + 1,
    }));
    const created = await db.insert(s.products).values(rows).returning({ id: s.products.id });
    await db
      .insert(s.productTranslations)
      .values(
        created.map((p, i) => ({ productId: p.id, languageCode: "hrv", name: `Proizvod ${tag} ${i}`, slug: `proizvod-${tag}-${i}` })),
      );
    await db.insert(s.productCategories).values(created.map((p, i) => ({ productId: p.id, categoryId: category.id, position: i })));
    return { categoryId: category.id, productIds: created.map((p) => p.id) };
  }

  it("runs the same number of queries however many categories there are, and caps each at 20", async () => {
    const before = await countQueries(() => home.loadHomeBlocks("hr"));
    // Six, plus one for the variants' prices of configurable cards ("od", decision 0075).
    expect(before).toBeLessThanOrEqual(7);
    const added = [await addCategory("a", 25), await addCategory("b", 3), await addCategory("c", 40)];
    const after = await countQueries(() => home.loadHomeBlocks("hr"));
    expect(after).toBe(before);

    const blocks = await home.loadHomeBlocks("hr");
    const shown = (id: number) => blocks.categories.find((c) => c.id === id)?.products.map((p) => p.id);
    expect(shown(added[0].categoryId)).toEqual(added[0].productIds.slice(0, 20));
    // The archived product and the hidden variant are never shown.
    expect(shown(added[1].categoryId)).toEqual(added[1].productIds.slice(0, 3));
    expect(shown(added[2].categoryId)).toHaveLength(20);
  });

  it("serves the page from the per-locale cache until it is cleared", async () => {
    await clearCache("home-blocks");
    expect(await countQueries(() => home.getHomeBlocks("hr"))).toBeGreaterThan(0);
    expect(await countQueries(() => home.getHomeBlocks("hr"))).toBe(0);
    const doc = await document("/");
    const sections = [...doc.querySelectorAll('[data-testid="home-category"]')];
    const added = sections.find((sec) => sec.textContent?.includes("Kategorija a"))!;
    expect(added.querySelectorAll('[data-testid="product-card"]')).toHaveLength(20);
  });

  it("leaves out an archived hero product", async () => {
    const [first] = await db
      .select({ id: s.productTags.productId })
      .from(s.productTags)
      .innerJoin(s.tags, eq(s.tags.id, s.productTags.tagId))
      .where(eq(s.tags.name, "Hero"))
      .orderBy(s.productTags.productId)
      .limit(1);
    await db
      .update(s.products)
      .set({ archived: true })
      .where(inArray(s.products.id, [first.id]));
    try {
      expect((await home.loadHomeBlocks("hr")).hero.map((p) => p.id)).not.toContain(first.id);
    } finally {
      await db.update(s.products).set({ archived: false }).where(eq(s.products.id, first.id));
    }
  });
});

describe("edit mode (spec §4: editPage=true for a backoffice user)", () => {
  it("is on for a backoffice user only, and only with the query", async () => {
    const editing = (doc: Document) => doc.querySelector('[data-testid="category-slider"]')!.getAttribute("data-edit-mode");
    expect(editing(await document("/?editPage=true"))).toBeNull();
    const admin = await loginAsAdmin(new Visitor(shop));
    expect(editing(await document("/?editPage=true", admin))).toBe("true");
    expect(editing(await document("/", admin))).toBeNull();
  });
});
