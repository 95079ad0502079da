// Both databases: stock rows locked by 50 checkouts at once; only PostgreSQL runs them side by side.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { orders, products } from "~/.server/db/schema";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { shopper } from "./cart-helpers";
import { cartAtPayment, CHECKOUT, checkoutConsentId, methodIds } from "./checkout-helpers";

/**
 * Decision 0011: 50 customers check out at once, each with the same product of stock 10 in
 * their cart. Stock rows are locked inside the order transaction, so exactly 10 orders
 * are placed, the stock ends at 0 and never below, and 40 shoppers get a clear
 * out-of-stock answer. PGlite runs the transactions one after another; run it on
 * PostgreSQL too (DATABASE_URL), where they really run side by side.
 */
const SHOPPERS = 50;
const STOCK = 10;
let shop: Shop;
let db: Database;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

describe("50 parallel checkouts of a product with stock 10", () => {
  it("give exactly 10 orders, stock 0 and 40 out-of-stock answers", { timeout: 240_000 }, async () => {
    const product = await catalogue(shop).idOf("AK-PNL-SND-40");
    const ids = await methodIds(shop);
    const consent = await checkoutConsentId(db);
    await db.update(products).set({ stock: STOCK }).where(eq(products.id, product));

    const posts = [];
    const cartIds: number[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const visitor = await shopper(shop);
      cartIds.push(await cartAtPayment(db, visitor, `parallel-${i}@example.com`, product, Number(ids.courier)));
      const tokens = await visitor.formTokens("/kosarica");
      posts.push(() =>
        visitor.request(CHECKOUT, {
          method: "POST",
          body: new URLSearchParams({ ...tokens, intent: "payment", methodId: ids.cod, acceptedConsents: consent }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: visitor.origin },
        }),
      );
    }

    const responses = await Promise.all(posts.map((post) => post()));
    const placed = responses.filter((r) => r.status === 302);
    const refused = responses.filter((r) => r.status === 409);
    expect(placed).toHaveLength(STOCK);
    expect(refused).toHaveLength(SHOPPERS - STOCK);
    for (const r of placed) expect(r.headers.get("Location")).toMatch(/^\/naplata\/uspjesna\?orderSlug=\d{4}-\d{6}$/);
    for (const r of refused) expect(await r.text()).toMatch(/nema dovoljno na zalihi \(dostupno: 0\)/);

    const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, product));
    expect(row.stock).toBe(0);
    const made = await db.select({ slug: orders.slug }).from(orders).where(inArray(orders.cartId, cartIds));
    expect(made).toHaveLength(STOCK);
    expect(new Set(made.map((o) => o.slug)).size).toBe(STOCK);
  });
});
