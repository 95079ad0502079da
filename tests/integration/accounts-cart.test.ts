import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { carts, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { submit } from "../setup/account-helpers";
import type { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { CART, cartRow, itemsOf, shopper } from "./cart-helpers";

/**
 * The cart across sign-in and sign-out (spec §4 Auth: login fetches "the abandoned cart
 * session"; "Logout clears the cart session"): the visitor's cart becomes the user's, an
 * abandoned cart of the user is restored on another device or merged into the current one.
 */
let shop: Shop;
let db: Database;
let panel: number;
let gutter: number;
let customerId: number;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const c = catalogue(shop);
  panel = await c.idOf("AK-PNL-SND-40");
  gutter = await c.idOf("AK-DOC-PRIR");
  [{ id: customerId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
});
afterAll(() => shop.close());

const add = (visitor: Visitor, productId: number, quantity: number) =>
  visitor.post(CART, { intent: "add", productId: String(productId), quantity: String(quantity) }, { tokenFrom: CART });
const login = (visitor: Visitor) =>
  submit(visitor, "/prijava", { intent: "login", username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }, "/");
const quantities = async (visitor: Visitor) =>
  Object.fromEntries((await itemsOf(db, visitor)).map((item) => [item.productId, item.quantity]));

describe("cart at sign-in and sign-out", () => {
  it("the visitor's cart becomes the user's at sign-in; sign-out clears the cart cookies", async () => {
    const visitor = await shopper(shop);
    await add(visitor, panel, 2);
    const cartId = visitor.cookies.get("cartId");
    expect((await login(visitor)).status).toBe(302);
    expect(visitor.cookies.get("cartId")).toBe(cartId);
    expect((await cartRow(db, visitor)).userId).toBe(customerId);

    const out = await visitor.post("/actions/logout", {}, { tokenFrom: "/" });
    expect(out.status).toBe(302);
    expect(visitor.cookies.has("cartId")).toBe(false);
    expect(visitor.cookies.has("protectCode")).toBe(false);
  });

  it("restores the user's abandoned cart on another device", async () => {
    const device = await shopper(shop);
    await login(device);
    expect(await quantities(device)).toEqual({ [panel]: 2 });
  });

  it("merges the abandoned cart into the cart the visitor brings: identical lines add up, the old cart is archived", async () => {
    const [abandoned] = await db.select().from(carts).where(eq(carts.userId, customerId));
    const visitor = await shopper(shop);
    await add(visitor, panel, 3);
    await add(visitor, gutter, 1);
    await login(visitor);
    expect(await quantities(visitor)).toEqual({ [panel]: 5, [gutter]: 1 });
    const [old] = await db.select().from(carts).where(eq(carts.id, abandoned!.id));
    expect(old!.status).toBe("archived");
  });
});
