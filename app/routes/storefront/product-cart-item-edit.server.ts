import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { cartItems } from "~/.server/db/schema";
import type { Shopper } from "~/.server/shopper.server";
import { lookupCart } from "~/modules/cart/cart-session.server";
import type { CartItemForEdit } from "~/modules/catalog/product-view";

/**
 * The seam between the product page and the cart (spec §2 Product page: "with a
 * cartItemId query the page is in cart-item edit mode and quantity and personalizations
 * are prefilled from that item"). Both read only the cart of the request's own session
 * (cartId and protectCode cookies, see cart-session.server.ts).
 */

/** A cartItemId from the query: an opaque id of up to 64 letters, digits, '-' or '_'; anything else is ignored. */
export function parseCartItemId(value: string | null): string | null {
  if (value === null) return null;
  const id = value.trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** The item of the visitor's own cart with this id, or null when that cart has no such item. */
export async function loadCartItemForEdit(shopper: Shopper, cartItemId: string): Promise<CartItemForEdit | null> {
  const lookup = await lookupCart(shopper);
  if (lookup.kind !== "active") return null;
  const db = await getDb();
  const [item] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, lookup.cart.id), eq(cartItems.id, cartItemId)));
  if (!item) return null;
  return {
    itemId: item.id,
    productId: item.productId,
    variantId: item.variantId,
    quantity: item.quantity,
    options: Object.fromEntries(Object.entries(item.options.personalizations).map(([code, value]) => [code, String(value)])),
    bundleOptions: Object.fromEntries(item.options.bundleOptions.map((o) => [o.id, o.variantId])),
  };
}

/** How many of this product the visitor's cart holds (the bundle customisation's in-cart count). */
export async function quantityInCart(shopper: Shopper, productId: number): Promise<number> {
  const lookup = await lookupCart(shopper);
  if (lookup.kind !== "active") return 0;
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, lookup.cart.id), eq(cartItems.productId, productId)));
  return Number(row?.count ?? 0);
}
