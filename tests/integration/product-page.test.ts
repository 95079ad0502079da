import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { clearCache } from "~/.server/cache.server";
import { attributes, attributeValues, comments, options, products, productTranslations, users } from "~/.server/db/schema";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { catalogue, eur, testId } from "../setup/product-pages";
import { crumbsOf, headOf } from "../setup/structured-data";

let shop: Shop;
let db: Database;
let idOf: (sku: string) => Promise<number>;
let slugOf: (sku: string, language?: string) => Promise<string>;
let page: (path: string) => Promise<string>;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  ({ idOf, slugOf, page } = catalogue(shop));
});
afterAll(() => shop.close());

describe("a simple product", () => {
  it("shows name, sku, prices with two decimals and the currency label, VAT, stock and attributes", async () => {
    const html = await page(`/product/${await slugOf("AK-PNL-SND-40")}`);
    expect(html).toMatch(/<h1[^>]*>Krovni sendvič panel 40 mm PIR<\/h1>/);
    expect(html).toContain("<title>Krovni sendvič panel 40 mm PIR | Alu Krov d.o.o.</title>");
    expect(testId(html, "product-sku")).toBe("AK-PNL-SND-40");
    expect(testId(html, "final-price")).toBe(eur("34,90"));
    expect(testId(html, "retail-price")).toBe(eur("38,90"));
    // (3890 − 3490) / 3890 = 10.28 % → 10
    expect(testId(html, "discount-badge")).toBe("−10%");
    expect(testId(html, "membership-price")).toBe(`Cijena za članove: ${eur("32,90")}`);
    // 34,90 gross at 25 %: 27,92 net + 6,98 VAT
    expect(testId(html, "vat-line")).toBe(`Od toga PDV (25 %): ${eur("6,98")}`);
    expect(testId(html, "basic-price")).toBe(`Cijena bez PDV-a: ${eur("27,92")}`);
    expect(testId(html, "stock-state")).toBe("Dostupno");
    const table = testId(html, "product-attributes")!;
    for (const text of [
      "Boja",
      "RAL 9006 bijeli aluminij",
      "Materijal",
      "Aluminij",
      "Debljina lima",
      "0,5 mm",
      "Premaz",
      "Poliester (PE)",
      "Pogodno za rekonstrukciju",
      "Ne",
    ]) {
      expect(table).toContain(text);
    }
    expect(html).toContain("<h3>Karakteristike</h3>");
    expect(html).toContain('data-testid="cross-sells"');
  });

  it("has a complete add-to-cart form posting to the cart", async () => {
    const id = await idOf("AK-TRP-T18-9006");
    const html = await page(`/product/${await slugOf("AK-TRP-T18-9006")}`);
    const form = /<form[^>]*data-testid="add-to-cart-form"[^>]*>[\s\S]*?<\/form>/.exec(html)![0];
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/kosarica"/);
    expect(form).toMatch(/name="csrf" value="[^"]+"/);
    expect(form).toContain('name="intent" value="add"');
    expect(form).toContain(`name="productId" value="${id}"`);
    // Quantity 1 to 999 (spec §9), and no more than the stock on hand (decision 0074).
    const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    expect(stock).toBeLessThan(999);
    expect(form).toMatch(
      new RegExp(`<input[^>]*type="number"[^>]*name="quantity"[^>]*min="1"[^>]*max="${stock}"[^>]*step="1"[^>]*required=""[^>]*value="1"`),
    );
    expect(form).not.toMatch(/<button[^>]*disabled=""/);
    // (890 − 790) / 890 = 11.24 % → 11
    expect(testId(html, "discount-badge")).toBe("−11%");
  });

  it("sanitises the description when rendering it", async () => {
    const id = await idOf("AK-TRP-T18-9006");
    const [before] = await db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv")));
    await db
      .update(productTranslations)
      .set({ description: '<p onclick="steal()">Siguran opis</p><script>alert(1)</script><iframe src="https://x.test"></iframe>' })
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv")));
    await clearCache("product-detail");
    try {
      const html = await page(`/product/${before.slug}`);
      expect(html).toContain("<p>Siguran opis</p>");
      expect(html).not.toContain("alert(1)");
      expect(html).not.toContain("steal()");
      expect(html).not.toContain("<iframe");
    } finally {
      await db
        .update(productTranslations)
        .set({ description: before.description })
        .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv")));
      await clearCache("product-detail");
    }
  });
});

describe("a configurable product", () => {
  const path = "/product/aluminijski-panel-crijep-tegola";

  it("starts on the shop-default variant with one select per configured attribute", async () => {
    const html = await page(path);
    expect(testId(html, "product-sku")).toBe("AK-PNL-TEG-7016-05");
    expect(testId(html, "final-price")).toBe(eur("16,90"));
    expect(testId(html, "product-prices")).not.toContain("−");
    expect(html).toMatch(/<select[^>]*name="boja"[\s\S]*?<option value="ral-7016" selected="">RAL 7016 antracit<\/option>/);
    expect(html).toMatch(/<select[^>]*name="debljina"[\s\S]*?<option value="0.5" selected="">0,5 mm<\/option>/);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*data-testid="variant-form"/);
    expect(html).toContain(`name="variantId" value="${await idOf("AK-PNL-TEG-7016-05")}"`);
    // The configured attributes are in the selects, not repeated in the table.
    expect(testId(html, "product-attributes")).not.toContain("Boja");
  });

  it("shows the variant a GET selection asks for, by value or by value id", async () => {
    const html = await page(`${path}?boja=ral-3009&debljina=0.5`);
    expect(testId(html, "product-sku")).toBe("AK-PNL-TEG-3009-05");
    expect(testId(html, "final-price")).toBe(eur("14,90"));
    expect(testId(html, "retail-price")).toBe(eur("16,90"));
    // (1690 − 1490) / 1690 = 11.83 % → 12
    expect(testId(html, "discount-badge")).toBe("−12%");
    expect(html).toContain(`name="variantId" value="${await idOf("AK-PNL-TEG-3009-05")}"`);

    const [thick] = await db
      .select({ id: attributeValues.id })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(and(eq(attributes.code, "debljina"), eq(attributeValues.value, "0.7")));
    const byId = await page(`${path}?debljina=${thick.id}`);
    expect(testId(byId, "product-sku")).toBe("AK-PNL-TEG-7016-07");
    expect(testId(byId, "final-price")).toBe(eur("21,90"));
  });

  it("shows an out-of-stock variant as unavailable and disables add-to-cart", async () => {
    const html = await page(`${path}?boja=ral-8017&debljina=0.7`);
    expect(testId(html, "product-sku")).toBe("AK-PNL-TEG-8017-07");
    expect(testId(html, "stock-state")).toBe("Trenutno nije dostupno");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });

  it("says a combination without a variant is not available and disables add-to-cart", async () => {
    await db.update(products).set({ archived: true }).where(eq(products.sku, "AK-PNL-TEG-3009-07"));
    await clearCache("product-detail");
    try {
      const html = await page(`${path}?boja=ral-3009&debljina=0.7`);
      expect(testId(html, "variant-unavailable")).toBe("Ova kombinacija nije dostupna. Odaberite drugu izvedbu.");
      expect(html).not.toContain('data-testid="final-price"');
      expect(html).not.toContain('name="variantId"');
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    } finally {
      await db.update(products).set({ archived: false }).where(eq(products.sku, "AK-PNL-TEG-3009-07"));
      await clearCache("product-detail");
    }
  });

  it("ignores values it does not know and keeps the default", async () => {
    const html = await page(`${path}?boja=%3Cscript%3E&debljina=99&cartItemId=x'--`);
    expect(testId(html, "product-sku")).toBe("AK-PNL-TEG-7016-05");
    expect(html).not.toContain('data-testid="cart-item-edit"');
    // A NUL in the address is refused before the page reads it (decision 0083).
    const refused = await new Visitor(shop).get(`${path}?cartItemId=%00`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Adresa stranice sadrži nedopuštene znakove.");
  });

  it("sends a hidden variant's own slug to the parent's page with that variant chosen", async () => {
    const response = await new Visitor(shop).get(`/product/${await slugOf("AK-PNL-TEG-8017-05")}?cartItemId=7`);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`${path}?boja=ral-8017&debljina=0.5&cartItemId=7`);
  });
});

describe("a bundle", () => {
  let path: string;
  beforeAll(async () => {
    path = `/product/${await slugOf("AK-SET-KROV-20")}`;
  });

  it("lists its parts with quantities and links, and offers the customisation of its configurable part", async () => {
    const tegola = await idOf("AK-PNL-TEG");
    const html = await page(path);
    const parts = testId(html, "bundle-parts")!;
    expect(parts).toContain("20 ×");
    expect(parts).toContain("Aluminijski panel crijep Tegola");
    expect(parts).toContain("AK-PNL-SLJ-7016");
    expect(html.match(/data-testid="bundle-part"/g)).toHaveLength(4);
    expect(html).toContain('href="/product/aluminijski-panel-crijep-tegola"');
    expect(html).toContain('data-testid="bundle-customization"');
    expect(html).toMatch(new RegExp(`<select[^>]*name="p${tegola}\\.boja"`));
    // The shop default configures the part, so the bundle can be added at once.
    expect(html).toContain(`name="bundleOptions.${tegola}" value="${await idOf("AK-PNL-TEG-7016-05")}"`);
    expect(html).not.toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });

  it("takes each part's choice from the GET form's query", async () => {
    const tegola = await idOf("AK-PNL-TEG");
    const html = await page(`${path}?p${tegola}.boja=ral-3009&p${tegola}.debljina=0.7`);
    expect(html).toContain("Odabrano: AK-PNL-TEG-3009-07");
    expect(html).toContain(`name="bundleOptions.${tegola}" value="${await idOf("AK-PNL-TEG-3009-07")}"`);
  });

  it("cannot be added while a configurable part has no variant for its choice", async () => {
    const tegola = await idOf("AK-PNL-TEG");
    await db.update(products).set({ archived: true }).where(eq(products.sku, "AK-PNL-TEG-3009-07"));
    await clearCache("product-detail");
    try {
      const html = await page(`${path}?p${tegola}.boja=ral-3009&p${tegola}.debljina=0.7`);
      expect(html).not.toContain(`name="bundleOptions.${tegola}"`);
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
      expect(html).toContain("Odaberite izvedbu svih proizvoda paketa.");
    } finally {
      await db.update(products).set({ archived: false }).where(eq(products.sku, "AK-PNL-TEG-3009-07"));
      await clearCache("product-detail");
    }
  });
});

/**
 * Structured data and link previews (decision 0036): schema.org Product and
 * BreadcrumbList JSON-LD parsed from the page, Open Graph and Twitter tags, every URL
 * absolute on the address of the canonical link.
 */
describe("structured data and link previews", () => {
  const origin = "http://localhost:3000";

  it("describes a simple product as a schema.org Product with one Offer", async () => {
    const path = `/product/${await slugOf("AK-PNL-SND-40")}`;
    const head = headOf(await page(path));
    expect(head.canonical).toBe(origin + path);
    const product = head.one("Product");
    expect(product["@context"]).toBe("https://schema.org");
    expect(product).toMatchObject({
      name: "Krovni sendvič panel 40 mm PIR",
      sku: "AK-PNL-SND-40",
      url: origin + path,
      brand: { "@type": "Brand", name: "Alu Krov d.o.o." },
      offers: { "@type": "Offer", price: "34.90", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    });
    const images = product.image as string[];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(new URL(image).origin).toBe(origin);
    // Not rated yet: no aggregateRating.
    expect(product.aggregateRating).toBeUndefined();
  });

  it("gives a configurable product an AggregateOffer over its variants' prices", async () => {
    const parent = await idOf("AK-PNL-TEG");
    const variants = await db
      .select({ price: products.priceCents })
      .from(products)
      .where(and(eq(products.parentId, parent), eq(products.archived, false)));
    const cents = variants.map((v) => v.price);
    const product = headOf(await page("/product/aluminijski-panel-crijep-tegola")).one("Product");
    expect(product.offers).toMatchObject({
      "@type": "AggregateOffer",
      priceCurrency: "EUR",
      lowPrice: (Math.min(...cents) / 100).toFixed(2),
      highPrice: (Math.max(...cents) / 100).toFixed(2),
      offerCount: variants.length,
    });
    expect(Number((product.offers as { lowPrice: string }).lowPrice)).toBeLessThan(
      Number((product.offers as { highPrice: string }).highPrice),
    );
  });

  it("adds aggregateRating from approved ratings only", async () => {
    const id = await idOf("AK-PNL-SND-40");
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    await db.insert(comments).values([
      { siteId: 1, entityType: "product", entityId: id, userId: user.id, rating: 4, content: "Dobro", status: "approved" },
      { siteId: 1, entityType: "product", entityId: id, userId: user.id, rating: 5, content: "Odlično", status: "approved" },
      { siteId: 1, entityType: "product", entityId: id, userId: user.id, rating: 1, content: "Čeka", status: "pending" },
    ]);
    await clearCache("ratings");
    try {
      const product = headOf(await page(`/product/${await slugOf("AK-PNL-SND-40")}`)).one("Product");
      expect(product.aggregateRating).toEqual({
        "@type": "AggregateRating",
        ratingValue: 4.5,
        ratingCount: 2,
        bestRating: 5,
        worstRating: 1,
      });
    } finally {
      await db.delete(comments).where(eq(comments.entityId, id));
      await clearCache("ratings");
    }
  });

  it("shows a visible breadcrumb through the product's categories and the same BreadcrumbList", async () => {
    const path = `/product/${await slugOf("AK-OLK-PK125-7016")}`;
    const head = headOf(await page(path));
    const name = head.document.querySelector("h1")!.textContent!;
    expect(head.breadcrumb).toEqual(["Trgovina", "Oluci i odvodnja", "Oluci", name]);
    expect(crumbsOf(head.one("BreadcrumbList"), origin)).toEqual([
      { name: "Trgovina", item: `${origin}/shop` },
      { name: "Oluci i odvodnja", item: `${origin}/shop/oluci-i-odvodnja` },
      { name: "Oluci", item: `${origin}/shop/oluci` },
      { name, item: origin + path },
    ]);
    // In English the trail is translated.
    const en = headOf(await page(`/en/product/${await slugOf("AK-OLK-PK125-7016", "eng")}`));
    expect(en.breadcrumb[0]).toBe("Shop");
    expect(en.breadcrumb[1]).not.toBe("Oluci i odvodnja");
  });

  it("has Open Graph and Twitter card tags with an absolute image and the canonical URL", async () => {
    const path = `/product/${await slugOf("AK-PNL-SND-40")}`;
    const head = headOf(await page(path));
    expect(head.meta("og:type")).toBe("product");
    expect(head.meta("og:title")).toBe("Krovni sendvič panel 40 mm PIR | Alu Krov d.o.o.");
    expect(head.meta("og:description")).toBeTruthy();
    expect(head.meta("og:url")).toBe(origin + path);
    expect(head.meta("og:locale")).toBe("hr_HR");
    expect(new URL(head.meta("og:image")!).origin).toBe(origin);
    expect(head.meta("og:image")).toMatch(/^http:\/\/localhost:3000\/media\/1\/[0-9a-f-]{36}\/large\/[^/]+\.jpg/);
    expect(head.meta("twitter:card")).toBe("summary_large_image");
    const de = headOf(await page(`/de/produkt/${await slugOf("AK-PNL-SND-40", "ger")}`));
    expect(de.meta("og:locale")).toBe("de_DE");
    expect(de.meta("og:url")).toBe(de.canonical);
  });

  it("keeps a name with markup inside its JSON-LD (no way out of the script element)", async () => {
    const id = await idOf("AK-TRP-T18-9006");
    const where = and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv"));
    const [before] = await db.select().from(productTranslations).where(where);
    const hostile = `Lim </script><script>alert("x")</script> & <!-- 1`;
    await db.update(productTranslations).set({ name: hostile }).where(where);
    await clearCache("product-detail");
    try {
      const html = await page(`/product/${before.slug}`);
      expect(html).not.toContain('<script>alert("x")');
      expect(headOf(html).one("Product").name).toBe(hostile);
    } finally {
      await db.update(productTranslations).set({ name: before.name }).where(where);
      await clearCache("product-detail");
    }
  });
});

/** Several images and the low-stock hint (decision 0037). */
describe("gallery and low-stock hint", () => {
  const fullHd = /^\/media\/1\/[0-9a-f-]{36}\/fullhd\/[^/]+\.webp/;

  it("links the main image and every thumbnail to the full size, so the gallery works without JavaScript", async () => {
    const html = await page(`/product/${await slugOf("AK-PNL-SND-40")}`);
    const document = new JSDOM(html).window.document;
    const main = document.querySelector('[data-testid="product-main-link"]')!;
    expect(main.getAttribute("href")).toMatch(fullHd);
    // The largest paint is fetched first (Lighthouse LCP, decision 0066), as an attribute React 18 renders.
    expect(main.querySelector('img[data-testid="product-main-image"]')?.getAttribute("fetchpriority")).toBe("high");
    const thumbs = [...document.querySelectorAll('[data-testid="product-thumbnail"]')];
    // The seed gives this product a detail and an installed view beside its default image.
    expect(thumbs).toHaveLength(3);
    const targets = thumbs.map((a) => a.getAttribute("href")!);
    for (const href of targets) expect(href).toMatch(fullHd);
    expect(new Set(targets).size).toBe(3);
    expect(targets[0]).toBe(main.getAttribute("href"));
    expect(thumbs[0].getAttribute("aria-current")).toBe("true");
  });

  it("says how many are left at or below LowStockThreshold (default 5), in each language", async () => {
    const slug = await slugOf("AK-SVJ-KUP-60"); // seeded with 3
    expect(testId(await page(`/product/${slug}`), "low-stock")).toBe("Još samo 3 na zalihi");
    // No English or German text of its own: the Croatian slug is its address there too.
    expect(testId(await page(`/en/product/${slug}`), "low-stock")).toBe("Only 3 left in stock");
    expect(testId(await page(`/de/produkt/${slug}`), "low-stock")).toBe("Nur noch 3 auf Lager");
    // Plenty, none, or not tracked: no hint.
    expect(testId(await page(`/product/${await slugOf("AK-PNL-SND-40")}`), "low-stock")).toBeNull();
  });

  it("follows the option: a higher threshold shows the hint for 8, 0 turns it off", async () => {
    const slug = await slugOf("AK-PRZ-7898"); // seeded with 8
    const setThreshold = async (value: number | null) => {
      await db
        .update(options)
        .set({ value })
        .where(and(eq(options.siteId, 1), eq(options.key, "LowStockThreshold")));
      await clearCache("site-config");
      await clearCache("product-detail");
    };
    expect(testId(await page(`/product/${slug}`), "low-stock")).toBeNull();
    try {
      await setThreshold(10);
      expect(testId(await page(`/product/${slug}`), "low-stock")).toBe("Još samo 8 na zalihi");
      await setThreshold(0);
      expect(testId(await page(`/product/${await slugOf("AK-SVJ-KUP-60")}`), "low-stock")).toBeNull();
    } finally {
      await setThreshold(5);
    }
  });

  it("shows the hint for the chosen variant of a configurable product", async () => {
    const path = "/product/aluminijski-panel-crijep-tegola";
    expect(testId(await page(path), "low-stock")).toBeNull(); // the default variant has 420
    expect(testId(await page(`${path}?boja=ral-3009&debljina=0.7`), "low-stock")).toBe("Još samo 3 na zalihi");
  });
});
