import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { cartItems } from "~/.server/db/schema";
import { cookiesFor, lookupCart } from "./cart-session.server";

/**
 * The header's cart item count (spec §2 Home header "a cart item-count badge": the cart's
 * qty), rendered on the server so it is right before scripts run. Dead cart cookies
 * (unknown cart, wrong protectCode, another language, archived or used) count 0 and are
 * cleared by the page that shows the badge.
 */
export async function getCartBadge(request: Request): Promise<{ count: number; setCookies: string[] }> {
  const lookup = await lookupCart(request);
  if (lookup.kind !== "active") return { count: 0, setCookies: cookiesFor(lookup) };
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, lookup.cart.id)));
  return { count: Number(row?.count ?? 0), setCookies: [] };
}
