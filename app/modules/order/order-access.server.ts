import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { carts, orderItems, orders } from "~/.server/db/schema";
import type { Shopper } from "~/.server/shopper.server";
import { protectCodeMatches } from "~/modules/cart/cart-session.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * Who may see an order's summary on the success page: its customer when signed in, or
 * the browser that placed it (`rememberedOrderId`: the signed lastOrder cookie the route
 * reads, app/.server/shopper-cookies.server.ts; the cart cookies are gone by then). A
 * guessed order number shows only the thanks, never someone's order.
 */
export async function visibleOrder(slug: string | null, userId: number | null, rememberedOrderId: number | null) {
  if (!slug) return null;
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.slug, slug)));
  if (!order) return null;
  const mine = (userId !== null && order.userId === userId) || rememberedOrderId === order.id;
  if (!mine) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.position);
  return { order, items };
}

/** The order already placed from the cart the shopper's cart session proves (a doubled or replayed "place order"). */
export async function orderOfCart(shopper: Shopper) {
  const cookies = shopper.cart;
  if (!cookies) return null;
  const db = await getDb();
  const [row] = await db
    .select({ order: orders, protectCode: carts.protectCode })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(eq(orders.cartId, cookies.cartId));
  return row && protectCodeMatches(row.protectCode, cookies.protectCode) ? row.order : null;
}
