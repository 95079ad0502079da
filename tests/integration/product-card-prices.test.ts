import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue, eur, testId } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Decision 0075: a listing card and the product page agree. The configurable Tegola
 * panel's variants cost 14,90 to 21,90 EUR; its card says "od 14,90 EUR" and shows no
 * discount (its page starts on a variant at 16,90 without one), and the page names the
 * same "from" price beside the chosen variant's.
 */
let shop: Shop;
let page: (path: string) => Promise<string>;
beforeAll(async () => {
  shop = await bootShop();
  ({ page } = catalogue(shop));
});
afterAll(() => shop.close());

/** The HTML of the card of the product named `name` on a listing page. */
function cardOf(html: string, name: string) {
  const cards = html.split('data-testid="product-card"').slice(1);
  const card = cards.find((c) => c.includes(`>${name}<`));
  expect(card, name).toBeDefined();
  return `<article data-testid="product-card"${card!}`;
}

describe("a configurable product whose variants differ in price", () => {
  it("shows 'od 14,90 EUR' on its card, without a discount the page does not show", async () => {
    const html = await page("/shop/krovni-paneli");
    const card = cardOf(html, "Aluminijski panel crijep Tegola");
    expect(testId(card, "card-price")).toContain(`od ${eur("14,90")}`);
    expect(card).not.toContain('data-testid="discount-badge"');
    expect(card).not.toContain("line-through");
  });

  it("names the same 'from' price on the product page before another variant is chosen", async () => {
    const html = await page("/product/aluminijski-panel-crijep-tegola");
    expect(testId(html, "final-price")).toBe(eur("16,90"));
    expect(testId(html, "from-price")).toBe(`Ovisno o izvedbi: od ${eur("14,90")}`);
  });

  it("keeps a simple product's card as it was: its price, the retail price struck through and the discount", async () => {
    const card = cardOf(await page("/shop/krovni-paneli"), "Krovni sendvič panel 40 mm PIR");
    expect(testId(card, "card-price")).toContain(eur("34,90"));
    expect(testId(card, "card-price")).not.toContain("od ");
    expect(testId(card, "discount-badge")).toBe("−10%");
  });
});
