import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { orders } from "~/.server/db/schema";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartRow, shopper } from "./cart-helpers";
import { ADDRESS, addToCart, CHECKOUT, checkoutConsentId, methodIds, newCustomer, signInAs, step } from "./checkout-helpers";

/**
 * Decision 0031: without a card provider (no PAYMENT_CARD_PROVIDER_URL, the built-in test
 * provider off) checkout does not offer the card, and a forged post of it is refused before
 * anything is written.
 */
process.env.PAYMENT_TEST_PROVIDER = "false";
delete process.env.PAYMENT_CARD_PROVIDER_URL;

let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

describe("no card provider configured", () => {
  it("leaves the card out of the payment step and refuses a posted card method, ordering nothing", async () => {
    const ids = await methodIds(shop);
    const consent = await checkoutConsentId(db);
    const visitor = await shopper(shop);
    await signInAs(visitor, await newCustomer(db, "card-off@example.com"));
    await addToCart(visitor, await catalogue(shop).idOf("AK-PNL-SND-40"));
    await step(visitor, { intent: "address", ...ADDRESS });
    await step(visitor, { intent: "shipping", methodId: ids.courier });
    const document = new JSDOM((await visitor.page(CHECKOUT)).html).window.document;
    const offered = [...document.querySelectorAll<HTMLInputElement>('[data-testid="payment-form"] input[name="methodId"]')].map(
      (i) => i.value,
    );
    expect(offered).toEqual([ids.cod, ids.bank]);

    const answer = await step(visitor, { intent: "payment", methodId: ids.card, acceptedConsents: consent });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Ovaj način plaćanja trenutno nije dostupan. Odaberite drugi.");
    expect(
      await db
        .select()
        .from(orders)
        .where(eq(orders.cartId, (await cartRow(db, visitor)).id)),
    ).toEqual([]);
  });
});
