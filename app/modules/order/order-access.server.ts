import { createCookie } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { carts, orderItems, orders } from "~/.server/db/schema";
import { protectCodeMatches, readCartCookies } from "~/modules/cart/cart-session.server";
import { SITE_ID } from "~/modules/site/options";
import { env, isProduction } from "~/.server/env.server";

/**
 * Who may see an order's summary on the success page: its customer when signed in, or
 * the browser that placed it (a signed cookie with the order id; the cart cookies are
 * gone by then). A guessed order number shows only the thanks, never someone's order.
 */
const lastOrderCookie = createCookie("lastOrder", {
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  path: "/",
  maxAge: 60 * 60 * 24,
  secrets: env.SESSION_SECRETS,
});

export function rememberOrder(orderId: number) {
  return lastOrderCookie.serialize(orderId);
}

export async function visibleOrder(request: Request, slug: string | null, userId: number | null) {
  if (!slug) return null;
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.slug, slug)));
  if (!order) return null;
  const remembered = (await lastOrderCookie.parse(request.headers.get("Cookie"))) as unknown;
  const mine = (userId !== null && order.userId === userId) || remembered === order.id;
  if (!mine) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.position);
  return { order, items };
}

/** The order already placed from the cart the request's cookies prove (a doubled or replayed "place order"). */
export async function orderOfCart(request: Request) {
  const cookies = readCartCookies(request);
  if (!cookies) return null;
  const db = await getDb();
  const [row] = await db
    .select({ order: orders, protectCode: carts.protectCode })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(eq(orders.cartId, cookies.cartId));
  return row && protectCodeMatches(row.protectCode, cookies.protectCode) ? row.order : null;
}
