import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { attributes, attributeValues, products, productTranslations } from "~/.server/db/schema";
import { clearProductDetailCache } from "~/modules/catalog/product-detail.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { catalogue, eur, testId } from "../setup/product-pages";

let shop: Shop;
let db: Database;
let idOf: (sku: string) => Promise<number>;
let slugOf: (sku: string) => Promise<string>;
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
    for (const text of ["Boja", "RAL 9006 bijeli aluminij", "Materijal", "Aluminij", "Debljina lima", "0,5 mm", "Premaz", "Poliester (PE)", "Pogodno za rekonstrukciju", "Ne"]) {
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
    // Quantity 1 to 999 (spec §9), and no more than the stock on hand (issue 13 item 2).
    const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    expect(stock).toBeLessThan(999);
    expect(form).toMatch(new RegExp(`<input[^>]*type="number"[^>]*name="quantity"[^>]*min="1"[^>]*max="${stock}"[^>]*step="1"[^>]*required=""[^>]*value="1"`));
    expect(form).not.toMatch(/<button[^>]*disabled=""/);
    // (890 − 790) / 890 = 11.24 % → 11
    expect(testId(html, "discount-badge")).toBe("−11%");
  });

  it("sanitises the description when rendering it", async () => {
    const id = await idOf("AK-TRP-T18-9006");
    const [before] = await db.select().from(productTranslations).where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv")));
    await db
      .update(productTranslations)
      .set({ description: '<p onclick="steal()">Siguran opis</p><script>alert(1)</script><iframe src="https://x.test"></iframe>' })
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv")));
    await clearProductDetailCache();
    try {
      const html = await page(`/product/${before.slug}`);
      expect(html).toContain("<p>Siguran opis</p>");
      expect(html).not.toContain("alert(1)");
      expect(html).not.toContain("steal()");
      expect(html).not.toContain("<iframe");
    } finally {
      await db.update(productTranslations).set({ description: before.description }).where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv")));
      await clearProductDetailCache();
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
    await clearProductDetailCache();
    try {
      const html = await page(`${path}?boja=ral-3009&debljina=0.7`);
      expect(testId(html, "variant-unavailable")).toBe("Ova kombinacija nije dostupna. Odaberite drugu izvedbu.");
      expect(html).not.toContain('data-testid="final-price"');
      expect(html).not.toContain('name="variantId"');
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    } finally {
      await db.update(products).set({ archived: false }).where(eq(products.sku, "AK-PNL-TEG-3009-07"));
      await clearProductDetailCache();
    }
  });

  it("ignores values it does not know and keeps the default", async () => {
    const html = await page(`${path}?boja=%3Cscript%3E&debljina=99&cartItemId=%00`);
    expect(testId(html, "product-sku")).toBe("AK-PNL-TEG-7016-05");
    expect(html).not.toContain('data-testid="cart-item-edit"');
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
    await clearProductDetailCache();
    try {
      const html = await page(`${path}?p${tegola}.boja=ral-3009&p${tegola}.debljina=0.7`);
      expect(html).not.toContain(`name="bundleOptions.${tegola}"`);
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
      expect(html).toContain("Odaberite izvedbu svih proizvoda paketa.");
    } finally {
      await db.update(products).set({ archived: false }).where(eq(products.sku, "AK-PNL-TEG-3009-07"));
      await clearProductDetailCache();
    }
  });
});
