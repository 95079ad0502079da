import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema } from "~/modules/cart/cart.schema";
import { getProductBySlug } from "~/modules/catalog/product-detail.server";
import { validateProductOptions } from "~/modules/catalog/product-options.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { catalogue, eur, testId } from "../setup/product-pages";

/** The product page's addresses (404, redirects, languages) and its custom options. */
let shop: Shop;
let slugOf: (sku: string) => Promise<string>;
let page: (path: string) => Promise<string>;
beforeAll(async () => {
  shop = await bootShop();
  ({ slugOf, page } = catalogue(shop));
});
afterAll(() => shop.close());

describe("custom options", () => {
  it("renders the length field with its HTML limits and hint", async () => {
    const html = await page(`/product/${await slugOf("AK-TRP-T35-MJERA")}`);
    expect(html).toMatch(/<input[^>]*name="options\.duljina"[^>]*type="number"[^>]*required=""[^>]*min="270"[^>]*max="15000"[^>]*step="1"/);
    expect(testId(html, "option-hint-duljina")).toBe("Najmanje 270 mm, najviše 15000 mm");
    expect(html).toMatch(/<label[^>]*>Duljina<!-- --> \(mm\)/);
  });

  it("validates the seeded length option on the server, in the product's language", async () => {
    const slug = await slugOf("AK-TRP-T35-MJERA");
    const { product } = (await getProductBySlug(slug, "hr"))!;
    expect(product.customOptions).toEqual([
      expect.objectContaining({ code: "duljina", type: "number", label: "Duljina", required: true, min: 270, max: 15000, unit: "mm" }),
    ]);
    // The posted option as the cart action gets it: options.duljina parsed by the cart schema.
    const post = (value: string) => {
      const form = new FormData();
      form.set("intent", "add");
      form.set("options.duljina", value);
      return (parseWithZod(form, { schema: cartSchema }).payload.options ?? {}) as Record<string, unknown>;
    };
    expect(await validateProductOptions(product, post("269"))).toMatchObject({
      ok: false,
      errors: { "options.duljina": "Najmanja dopuštena vrijednost je 270 mm" },
    });
    expect(await validateProductOptions(product, post("15001"))).toMatchObject({
      ok: false,
      errors: { "options.duljina": "Najveća dopuštena vrijednost je 15000 mm" },
    });
    expect(await validateProductOptions(product, post("dugo"))).toMatchObject({ ok: false, errors: { "options.duljina": "Unesite broj" } });
    expect(await validateProductOptions(product, post(""))).toMatchObject({
      ok: false,
      errors: { "options.duljina": "Unos ovog polja je obavezan" },
    });
    expect(await validateProductOptions(product, post("6000"))).toEqual({ ok: true, values: { duljina: 6000 } });
    const english = (await getProductBySlug("trapezoidal-sheet-t-35-cut-to-length-ral-7016", "en"))!.product;
    expect(await validateProductOptions(english, post("99999"))).toMatchObject({
      errors: { "options.duljina": "The largest allowed value is 15000 mm" },
    });
  });
});

describe("missing products and addresses", () => {
  it.each([
    ["an unknown slug", "/product/ne-postoji-takav-proizvod"],
    ["an archived product", "/product/krovni-panel-klasik-stari-profil"],
    ["an over-long slug", `/product/${"a".repeat(300)}`],
    ["a German path in the English shop", "/en/produkt/aluminium-tile-effect-panel-tegola"],
  ])("answers 404 for %s, in the error layout", async (_name, path) => {
    const { response, html } = await new Visitor(shop).page(path);
    expect(response.status).toBe(404);
    expect(html).toContain('data-testid="error-view"');
  });

  it("refuses a control character in the address with a translated 400 before any page reads it (decision 0083)", async () => {
    const response = await new Visitor(shop).get("/product/tegola%00");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Adresa stranice sadrži nedopuštene znakove.");
  });

  it("translates the 404 of the product route", async () => {
    const { response, html } = await new Visitor(shop).page("/de/produkt/gibt-es-nicht");
    expect(response.status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>Diese Seite wurde nicht gefunden<\/h1>/);
    const en = await new Visitor(shop).page("/en/product/no-such-product");
    expect(en.html).toMatch(/<h1[^>]*>This page could not be found<\/h1>/);
  });

  it("sends /product without a slug to the shop of the language", async () => {
    const visitor = new Visitor(shop);
    expect((await visitor.get("/product")).headers.get("Location")).toBe("/shop");
    expect((await visitor.get("/en/product")).headers.get("Location")).toBe("/en/shop");
    expect((await visitor.get("/de/produkt")).headers.get("Location")).toBe("/de/shop");
  });
});

describe("languages", () => {
  it("serves the German page at /de/produkt/{slug} with German texts and prices", async () => {
    const html = await page("/de/produkt/aluminium-dachpfannenpaneel-tegola");
    expect(html).toMatch(/<h1[^>]*>Aluminium-Dachpfannenpaneel Tegola<\/h1>/);
    expect(html).toContain("In den Warenkorb");
    expect(testId(html, "final-price")).toBe(eur("16,90"));
    expect(html).toContain('action="/de/einkaufswagen"');
  });

  it("links the same product in every language (hreflang and the language switch)", async () => {
    const html = await page("/product/aluminijski-panel-crijep-tegola?boja=ral-8017");
    expect(html).toContain('hrefLang="en" href="http://localhost:3000/en/product/aluminium-tile-effect-panel-tegola"');
    expect(html).toContain('hrefLang="de" href="http://localhost:3000/de/produkt/aluminium-dachpfannenpaneel-tegola"');
    expect(html).toContain('rel="canonical" href="http://localhost:3000/product/aluminijski-panel-crijep-tegola"');
    // The switch keeps the chosen variant.
    expect(html).toContain('href="/en/product/aluminium-tile-effect-panel-tegola?boja=ral-8017"');
  });

  it("falls back to the Croatian slug and text where a language has no translation", async () => {
    const hrSlug = await slugOf("AK-DOC-PRIR");
    const html = await page(`/de/produkt/${hrSlug}`);
    expect(html).toMatch(/<h1[^>]*>Priručnik za montažu krovnih panela \(PDF\)<\/h1>/);
    expect(html).toContain('href="/en/product/roof-panel-installation-manual-pdf"');
  });

  it("redirects a Croatian slug under /en to the English slug, keeping the query", async () => {
    const response = await new Visitor(shop).get("/en/product/aluminijski-panel-crijep-tegola?debljina=0.7");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/en/product/aluminium-tile-effect-panel-tegola?debljina=0.7");
  });
});
