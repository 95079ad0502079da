import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { cartItems } from "~/.server/db/schema";
import type { Shopper } from "~/.server/shopper.server";
import { lookupCart, sessionAfter, type CartSessionChange } from "./cart-session.server";

/**
 * The header's cart item count (spec §2 Home header "a cart item-count badge": the cart's
 * qty), rendered on the server so it is right before scripts run. A dead cart session
 * (unknown cart, wrong protectCode, another language, archived or used) counts 0 and is
 * cleared by the page that shows the badge (`cartSession: null`).
 */
export async function getCartBadge(shopper: Shopper): Promise<{ count: number; cartSession: CartSessionChange }> {
  const lookup = await lookupCart(shopper);
  if (lookup.kind !== "active") return { count: 0, cartSession: sessionAfter(lookup) };
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, lookup.cart.id)));
  return { count: Number(row?.count ?? 0), cartSession: undefined };
}
