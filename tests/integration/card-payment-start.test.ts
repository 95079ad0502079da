import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { coupons, mailOutbox, orders, products } from "~/.server/db/schema";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartPost, cartRow, shopper } from "./cart-helpers";
import { ADDRESS, addToCart, CHECKOUT, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Decision 0031 with an outside card provider configured (PAYMENT_CARD_PROVIDER_URL): the
 * shop asks the provider's page before sending the shopper there. msw plays the provider
 * (DESIGN.md: msw for every outbound call). When it answers, the shopper goes to it; when
 * it does not, the placement is undone — no order, stock and coupon given back, no mail,
 * the cart as it was — and the shopper is told in their language and picks another method.
 */
const PROVIDER = "https://pay.bank.test/pay";
process.env.PAYMENT_CARD_PROVIDER_URL = PROVIDER;
process.env.PAYMENT_CARD_SECRET = "provider-shared-secret-0123456789";

let providerDown = false;
const provider = setupServer(http.head(PROVIDER, () => (providerDown ? HttpResponse.error() : new HttpResponse(null, { status: 405 }))));

let shop: Shop;
let db: Database;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let consentId: string;
let customers = 0;

beforeAll(async () => {
  provider.listen({ onUnhandledRequest: "error" });
  shop = await bootShop();
  db = await shop.db();
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  consentId = await checkoutConsentId(db);
});
afterEach(() => {
  providerDown = false;
});
afterAll(async () => {
  provider.close();
  await shop.close();
});

async function readyToPay(email: string) {
  const visitor = await shopper(shop);
  await signInAs(visitor, await newCustomer(db, email));
  await addToCart(visitor, panel, 2);
  expect((await step(visitor, { intent: "address", ...ADDRESS })).status).toBe(302);
  expect((await step(visitor, { intent: "shipping", methodId: ids.courier })).status).toBe(302);
  return visitor;
}

const stockOf = async (id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const usesOf = async (code: string) => (await db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, code)))[0].used;

describe("a card provider outside the shop", () => {
  it("offers the card and sends the shopper to the provider when it answers", async () => {
    const visitor = await readyToPay(`card-start-${++customers}@example.com`);
    const { html } = await visitor.page(CHECKOUT);
    expect(new JSDOM(html).window.document.querySelector(`input[name="methodId"][value="${ids.card}"]`)).not.toBeNull();
    const cartId = (await cartRow(db, visitor)).id;
    const placed = await step(visitor, { intent: "payment", methodId: ids.card, acceptedConsents: consentId });
    expect(placed.status).toBe(302);
    expect(placed.location?.startsWith(`${PROVIDER}?`)).toBe(true);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
  });

  it("a start that fails leaves no order, gives stock and coupon back, sends no mail, keeps the cart and says what happened", async () => {
    const email = `card-start-${++customers}@example.com`;
    const visitor = await readyToPay(email);
    expect((await cartPost(visitor, { intent: "coupon", couponCode: "KROV10" })).status).toBe(302);
    const cartBefore = await cartRow(db, visitor);
    const [stock, uses] = [await stockOf(panel), await usesOf("KROV10")];
    providerDown = true;

    const answer = await step(visitor, { intent: "payment", methodId: ids.card, acceptedConsents: consentId });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(
      "Plaćanje nije bilo moguće pokrenuti jer pružatelj plaćanja ne odgovara. Narudžba nije zaprimljena i košarica je ostala kakva je bila; odaberite drugi način plaćanja ili pokušajte kasnije.",
    );
    expect(answer.html).not.toContain("Košarica je arhivirana");
    expect(await db.select().from(orders).where(eq(orders.cartId, cartBefore.id))).toEqual([]);
    expect(await stockOf(panel)).toBe(stock);
    expect(await usesOf("KROV10")).toBe(uses);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "orderConfirmation"))),
    ).toEqual([]);
    const cartAfter = await cartRow(db, visitor);
    expect([cartAfter.status, cartAfter.usedAt, cartAfter.couponCode, cartAfter.deliveryMethodId]).toEqual([
      "active",
      null,
      cartBefore.couponCode,
      cartBefore.deliveryMethodId,
    ]);

    // The same cart is still the shopper's: another method places the order.
    const page = await visitor.page(CHECKOUT);
    expect(page.response.status).toBe(200);
    expect(page.html).toContain('data-testid="step-payment" data-active="true"');
    const cod = await step(visitor, { intent: "payment", methodId: ids.cod, acceptedConsents: consentId });
    expect(cod.status).toBe(302);
    expect(cod.location).toMatch(/^\/naplata\/uspjesna\?orderSlug=/);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartBefore.id))).toHaveLength(1);
    expect(await stockOf(panel)).toBe(stock! - 2);
  });
});
