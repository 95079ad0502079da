// Both databases: numeric lengths and stock checks in SQL.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { bundleItems, carts, mailOutbox, orderItems, orders, products, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { submit } from "../setup/account-helpers";
import { catalogue, eur, testId } from "../setup/product-pages";
import type { Shop } from "../setup/shop";
import { CART, cartPage, cartPost, cartRow, cartShop, itemsOf, rawPoster, shopper } from "./cart-helpers";
import { ADDRESS, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Decisions 0028 and 0074: what a shopper pays for a product sold per running metre,
 * stock checked when a line is added or its quantity changed, and the member card of the
 * profile on every new cart.
 */
let shop: Shop;
let db: Database;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ shop, db, ids } = await cartShop([
    "AK-TRP-T35-MJERA",
    "AK-PNL-SND-40",
    "AK-PNL-TEG",
    "AK-PNL-TEG-3009-07",
    "AK-SET-KROV-20",
    "AK-PNL-KLK-7016",
  ]));
});
afterAll(() => shop.close());

const SHEET_PATH = "/product/trapezni-lim-t-35-po-mjeri-ral-7016";
const sheet = (length: string, quantity = "1") => ({
  intent: "add",
  productId: String(ids["AK-TRP-T35-MJERA"]),
  "options.duljina": length,
  quantity,
});
const add = (sku: string, quantity: string, extra: Record<string, string> = {}) => ({
  intent: "add",
  productId: String(ids[sku]),
  quantity,
  ...extra,
});
const setStock = (sku: string, stock: number | null, madeToOrder = false) =>
  db.update(products).set({ stock, madeToOrder }).where(eq(products.sku, sku));

describe("per running metre (decision 0028): unit price × length in metres × quantity, rounded per line", () => {
  it("charges a 7000 mm sheet as 7 m in the cart: 14,50 EUR/m × 7 m = 101,50 EUR, not 14,50", async () => {
    const visitor = await shopper(shop);
    expect((await cartPost(visitor, sheet("7000"))).toastType).toBe("success");
    const page = await cartPage(visitor);
    expect(testId(page.html, "cart-line-unit")).toContain(`${eur("14,50")}/m`);
    expect(testId(page.html, "cart-line-length")).toBe("× 7\u00a0m");
    expect(testId(page.html, "cart-line-row")).toBe(eur("101,50"));
    expect(page.summary("itemsTotal")).toContain("101,50 EUR");
  });

  it("multiplies by the quantity and rounds once per line: 2 × 2,345 m × 14,50 = 68,005 → 68,01", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, sheet("2345", "2"));
    const page = await cartPage(visitor);
    expect(testId(page.html, "cart-line-row")).toBe(eur("68,01"));
    expect(testId(page.html, "cart-line-length")).toBe("× 2,345\u00a0m");
  });

  it("refuses a per-metre add without a length instead of charging one metre", async () => {
    const visitor = await shopper(shop);
    const refused = await cartPost(visitor, sheet(""), { from: SHEET_PATH });
    expect(refused.toastType).toBe("error");
    expect(visitor.cookies.has("cartId")).toBe(false);
  });

  it("applies the product's coupon (LIM15, 15 %) to the per-metre line total", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, sheet("7000"));
    await cartPost(visitor, add("AK-PNL-SND-40", "1"));
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "LIM15" })).toastType).toBe("success");
    const page = await cartPage(visitor);
    // 15 % of 101,50 = 15,225 → 15,23; the panel (34,90) is outside the coupon's scope.
    expect(page.summary("itemsTotal")).toContain("136,40 EUR");
    expect(page.summary("coupon")).toContain("15,23");
  });

  it("shows the price per metre on the product page and, for an entered length, the price of that length", async () => {
    const visitor = await shopper(shop);
    const { html } = await visitor.page(SHEET_PATH);
    expect(testId(html, "final-price")).toBe(`${eur("14,50")}/m`);
    expect(testId(html, "price-unit")).toBe("Cijena po dužnom metru");
    expect(testId(html, "length-price")).toBe(`Upišite duljinu za izračun cijene (${eur("14,50")} po dužnom metru).`);
    await cartPost(visitor, sheet("7000", "2"));
    const [item] = await itemsOf(db, visitor);
    const edit = await visitor.page(`${SHEET_PATH}?cartItemId=${item.id}`);
    expect(testId(edit.html, "length-price")).toBe(`Cijena za 2 × 7\u00a0m: ${eur("203,00")}`);
  });

  it("keeps the length and the per-metre price in the order, its mail and the customer's order page", async () => {
    const visitor = await shopper(shop);
    await signInAs(visitor, await newCustomer(db, "metre@example.com"));
    await cartPost(visitor, sheet("7000", "2"));
    const methods = await methodIds(shop);
    const consent = await checkoutConsentId(db);
    expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
    expect((await step(visitor, { intent: "shipping", methodId: methods.courier })).status).toBe(302);
    const checkout = await visitor.page("/naplata");
    expect(testId(checkout.html, "checkout-line")).toBe(`2 × Trapezni lim T-35 po mjeri RAL 7016 (7\u00a0m)${eur("203,00")}`);
    const cartId = (await cartRow(db, visitor)).id;
    const placed = await step(visitor, { intent: "payment", methodId: methods.cod, acceptedConsents: consent });
    expect(placed.status).toBe(302);
    const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order.itemsTotalCents).toBe(20300);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((l) => [l.quantity, l.unitCents, l.priceUnit, l.lengthMm, l.rowCents])).toEqual([[2, 1450, "metre", 7000, 20300]]);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "orderConfirmation"), eq(mailOutbox.to, order.email)));
    expect(mail.text).toContain("— 7\u00a0m × 14,50\u00a0€/m = 203,00\u00a0€");
    const success = await visitor.page(placed.location!);
    expect(testId(success.html, "order-line")).toContain("(7\u00a0m)");
    const detail = await visitor.page(`/profil/narudzbe/${order.slug}`);
    expect(testId(detail.html, "order-line-length")).toBe("× 7\u00a0m");
    expect(detail.html.replace(/<!-- -->/g, "")).toContain(`${eur("14,50")}/m`);
  });
});

describe("stock at add and quantity change (decision 0074)", () => {
  it("refuses an add beyond the stock, counting what the cart holds, and says how many are available", async () => {
    await setStock("AK-PNL-SND-40", 5);
    const visitor = await shopper(shop);
    expect((await cartPost(visitor, add("AK-PNL-SND-40", "3"))).toastType).toBe("success");
    const more = await cartPost(visitor, add("AK-PNL-SND-40", "4"));
    expect([more.toastType, more.toast]).toEqual(["error", "Nema dovoljno na zalihi: dostupno je 5 kom., od toga je 3 već u košarici."]);
    expect((await itemsOf(db, visitor)).map((i) => i.quantity)).toEqual([3]);
    expect((await cartPost(visitor, add("AK-PNL-SND-40", "2"))).toastType).toBe("success");
    expect((await itemsOf(db, visitor)).map((i) => i.quantity)).toEqual([5]);
  });

  it("refuses a quantity change beyond the stock, without and with JavaScript", async () => {
    await setStock("AK-PNL-SND-40", 5);
    const visitor = await shopper(shop);
    await cartPost(visitor, add("AK-PNL-SND-40", "2"));
    const [item] = await itemsOf(db, visitor);
    const refused = await cartPost(visitor, { intent: "update", itemId: item.id, quantity: "6" });
    expect([refused.toastType, refused.toast]).toEqual(["error", "Nema dovoljno na zalihi: dostupno je 5 kom."]);
    const post = await rawPoster(visitor, `${CART}.data`);
    const answer = await post({ intent: "update", itemId: item.id, quantity: "9", via: "fetcher" });
    expect(answer.status).toBe(409);
    const body = await answer.text();
    expect(body).toContain("core.notifications.stockAvailable");
    expect((await itemsOf(db, visitor)).map((i) => i.quantity)).toEqual([2]);
    expect((await cartPost(visitor, { intent: "update", itemId: item.id, quantity: "5" })).toastType).toBe("success");
  });

  it("checks a configurable product's variant and a bundle's parts", async () => {
    await setStock("AK-PNL-TEG-3009-07", 2);
    const visitor = await shopper(shop);
    const variant = await cartPost(visitor, add("AK-PNL-TEG", "3", { variantId: String(ids["AK-PNL-TEG-3009-07"]) }));
    expect(variant.toast).toBe("Nema dovoljno na zalihi: dostupno je 2 kom.");

    // The set's configurable part, chosen as that variant: its stock allows two sets.
    const [part] = await db
      .select({ quantity: bundleItems.quantity })
      .from(bundleItems)
      .where(and(eq(bundleItems.bundleId, ids["AK-SET-KROV-20"]), eq(bundleItems.productId, ids["AK-PNL-TEG"])));
    await setStock("AK-PNL-TEG-3009-07", part.quantity * 2);
    const chosen = { [`bundleOptions.${ids["AK-PNL-TEG"]}`]: String(ids["AK-PNL-TEG-3009-07"]) };
    const bundle = await cartPost(visitor, add("AK-SET-KROV-20", "3", chosen));
    expect(bundle.toast).toBe("Nema dovoljno na zalihi: dostupno je 2 kom.");
    expect((await cartPost(visitor, add("AK-SET-KROV-20", "2", chosen))).toastType).toBe("success");
  });

  it("adds a product that is not stock-tracked or made to order in any quantity, and the page says 'made to order'", async () => {
    await setStock("AK-PNL-KLK-7016", null);
    const visitor = await shopper(shop);
    expect((await cartPost(visitor, add("AK-PNL-KLK-7016", "500"))).toastType).toBe("success");
    await setStock("AK-PNL-KLK-7016", 0, true);
    expect((await cartPost(visitor, add("AK-PNL-KLK-7016", "400"))).toastType).toBe("success");
    expect((await itemsOf(db, visitor)).map((i) => i.quantity)).toEqual([900]);
    const slug = await catalogue(shop).slugOf("AK-PNL-KLK-7016");
    const { html } = await shopper(shop).then((v) => v.page(`/product/${slug}`));
    expect(testId(html, "stock-state")).toBe("Izrada po narudžbi");
    expect(html).not.toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>[^<]*Dodaj u košaricu/);
  });
});

describe("the member card saved on the profile, so it is not typed again", () => {
  it("applies to a signed-in customer's new cart by itself", async () => {
    const visitor = await shopper(shop);
    const id = await newCustomer(db, "card@example.com");
    await db.update(users).set({ memberCardBarcode: "12345678" }).where(eq(users.id, id));
    await signInAs(visitor, id);
    await cartPost(visitor, add("AK-PNL-SND-40", "1"));
    const cart = await cartRow(db, visitor);
    expect([cart.userId, cart.memberCardBarcode]).toEqual([id, "12345678"]);
    // The panel's membership price, 32,90 instead of 34,90.
    expect((await cartPage(visitor)).summary("itemsTotal")).toContain("32,90 EUR");
  });

  it("applies to the cart taken over at sign-in", async () => {
    await db.update(users).set({ memberCardBarcode: "87654321" }).where(eq(users.email, DEMO_CUSTOMER.email));
    const visitor = await shopper(shop);
    await cartPost(visitor, add("AK-PNL-SND-40", "1"));
    expect((await cartRow(db, visitor)).memberCardBarcode).toBeNull();
    const login = await submit(
      visitor,
      "/prijava",
      { intent: "login", username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
      "/",
    );
    expect(login.status).toBe(302);
    const [cart] = await db
      .select()
      .from(carts)
      .where(eq(carts.id, Number(visitor.cookies.get("cartId"))));
    expect(cart.memberCardBarcode).toBe("87654321");
  });

  it("leaves a card that no longer passes the check off the cart", async () => {
    const visitor = await shopper(shop);
    const id = await newCustomer(db, "badcard@example.com");
    await db.update(users).set({ memberCardBarcode: "abc" }).where(eq(users.id, id));
    await signInAs(visitor, id);
    await cartPost(visitor, add("AK-PNL-SND-40", "1"));
    expect((await cartRow(db, visitor)).memberCardBarcode).toBeNull();
  });
});
