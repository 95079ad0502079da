import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { statementsDuring } from "../setup/query-count";
import type { Shop } from "../setup/shop";
import { cartShop, itemsOf, rawPoster, shopper } from "./cart-helpers";

/**
 * Adding to the cart reads only what the line needs (decisions 0064 and 0070): the product's
 * format, stock, variants and personalisations, not the whole product page (about eight
 * queries before the cart's own). The rules themselves are cart.test.ts's and
 * cart-metre-stock.test.ts's; here the count of SQL statements per add.
 */
let shop: Shop;
let db: Database;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ shop, db, ids } = await cartShop(["AK-PNL-SND-40", "AK-PNL-TEG", "AK-PNL-TEG-8017-05"]));
});
afterAll(() => shop.close());

const countQueries = async (run: () => Promise<unknown>) => (await statementsDuring(db, run)).length;

describe("adding to the cart", () => {
  it("creates the cart and its line of a simple product in six statements", async () => {
    const visitor = await shopper(shop);
    const post = await rawPoster(visitor);
    let status = 0;
    const queries = await countQueries(async () => {
      status = (await post({ intent: "add", quantity: "2", productId: String(ids["AK-PNL-SND-40"]) })).status;
    });
    expect(status).toBe(302);
    expect((await itemsOf(db, visitor)).map((i) => [i.productId, i.quantity])).toEqual([[ids["AK-PNL-SND-40"], 2]]);
    // product, custom options; insert cart, insert line, bundle members, stock.
    expect(queries).toBeLessThanOrEqual(6);
  });

  it("adds a variant to an existing cart, merging with its line, in at most nine", async () => {
    const visitor = await shopper(shop);
    const post = await rawPoster(visitor);
    const line = { intent: "add", quantity: "1", productId: String(ids["AK-PNL-TEG"]), variantId: String(ids["AK-PNL-TEG-8017-05"]) };
    expect((await post(line)).status).toBe(302);
    const queries = await countQueries(async () => expect((await post(line)).status).toBe(302));
    expect((await itemsOf(db, visitor)).map((i) => [i.variantId, i.quantity])).toEqual([[ids["AK-PNL-TEG-8017-05"], 2]]);
    // product, custom options, variants; lock cart, same line, update line, lines, stock, cart's updatedAt.
    expect(queries).toBeLessThanOrEqual(9);
  });
});
