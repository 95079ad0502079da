import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { cartItems, carts } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { catalogue, testId } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";

/** Helpers of the cart tests: posting to the cart as a browser without JavaScript and reading what it shows. */
export const CART = "/kosarica";

/** Boots the shop for a cart test file: the shop, its database and the ids of the products it names, by SKU. */
export async function cartShop(skus: string[]) {
  const shop = await bootShop();
  const db = await shop.db();
  const c = catalogue(shop);
  const ids: Record<string, number> = {};
  for (const sku of skus) ids[sku] = await c.idOf(sku);
  return { shop, db, ids };
}

export type Posted = { status: number; location: string | null; toastType?: string; toast?: string };

/** Posts to the cart action and follows the redirect once: where it went and the flash toast shown there. */
export async function cartPost(visitor: Visitor, fields: Record<string, string>, { from = CART } = {}): Promise<Posted> {
  const response = await visitor.post(CART, fields, { tokenFrom: from });
  const location = response.headers.get("Location");
  if (response.status !== 302 || !location) return { status: response.status, location };
  const { html } = await visitor.page(location);
  const toast = /<div role="status" data-toast="(\w+)"[^>]*>([^<]*)<\/div>/.exec(html);
  return { status: 302, location, toastType: toast?.[1], toast: toast?.[2]?.replace(/&amp;/g, "&") };
}

/** A visitor with the CSRF token already read, for many posts at once (the concurrency test). */
export async function rawPoster(visitor: Visitor, path = CART) {
  const tokens = await visitor.formTokens(CART);
  return (fields: Record<string, string>) =>
    visitor.request(path, {
      method: "POST",
      body: new URLSearchParams({ ...tokens, ...fields }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: visitor.origin },
    });
}

export async function cartPage(visitor: Visitor, path = CART) {
  const { response, html } = await visitor.page(path);
  expect(response.status, path).toBe(200);
  const lines = [...html.matchAll(/data-testid="cart-line" data-item-id="([^"]+)"/g)].map((m) => m[1]);
  return { html, lines, summary: (key: string) => testId(html, `summary-${key}`)?.replace(/\u00a0/g, " ") ?? null };
}

export async function itemsOf(db: Database, visitor: Visitor) {
  const id = Number(visitor.cookies.get("cartId"));
  return db.select().from(cartItems).where(eq(cartItems.cartId, id));
}

export async function cartRow(db: Database, visitor: Visitor) {
  const [row] = await db
    .select()
    .from(carts)
    .where(eq(carts.id, Number(visitor.cookies.get("cartId"))));
  return row;
}

/** A fresh visitor that has opened the shop once (locale cookie set, as in a browser). */
export async function shopper(shop: Shop) {
  const visitor = new Visitor(shop);
  await visitor.get("/");
  return visitor;
}
