// Both databases: parallel changes to one cart lock its row; PostgreSQL really runs them side by side.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { cartPost, itemsOf, rawPoster, shopper } from "./cart-helpers";

/**
 * Decision 0006: 20 parallel quantity updates and adds to one cart leave a consistent cart. Each
 * change locks the cart row first (cart.server.ts), so none is lost; run on PostgreSQL too
 * (DATABASE_URL), where requests really run side by side.
 */
let shop: Shop;
let db: Database;
let panel: number;
let sheet: number;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  sheet = await catalogue(shop).idOf("AK-TRP-T35-MJERA");
});
afterAll(() => shop.close());

describe("20 parallel changes to one cart", () => {
  it("adds every unit of 20 parallel adds of the same product to its one line", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, { intent: "add", productId: String(panel), quantity: "1" });
    const post = await rawPoster(visitor);
    const responses = await Promise.all(Array.from({ length: 20 }, () => post({ intent: "add", productId: String(panel), quantity: "1" })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(302));
    expect((await itemsOf(db, visitor)).map((i) => i.quantity)).toEqual([21]);
  });

  it("keeps adds and quantity updates running side by side consistent", async () => {
    const visitor = await shopper(shop);
    await cartPost(visitor, { intent: "add", productId: String(panel), quantity: "1" });
    const [line] = await itemsOf(db, visitor);
    const post = await rawPoster(visitor);
    const changes = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? post({ intent: "update", itemId: line.id, quantity: String(i + 2) })
        : post({ intent: "add", productId: String(sheet), "options.duljina": String(1000 + (i % 4)), quantity: "2" }),
    );
    expect((await Promise.all(changes)).map((r) => r.status)).toEqual(Array(20).fill(302));
    const items = await itemsOf(db, visitor);
    const updated = items.find((i) => i.id === line.id)!;
    expect(Array.from({ length: 10 }, (_, i) => 2 * i + 2)).toContain(updated.quantity);
    // Ten adds of 2 over two distinct lengths: two lines of 5 adds each.
    const sheets = items.filter((i) => i.productId === sheet).map((i) => [i.options.personalizations.duljina, i.quantity]);
    expect(sheets.sort()).toEqual([
      [1001, 10],
      [1003, 10],
    ]);
  });
});
