import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { carts, coupons, mailOutbox, orders, products } from "~/.server/db/schema";
import { loadCartItems, normaliseCouponCode } from "~/modules/cart/cart-pricing.server";
import { SITE_ID } from "~/modules/kernel/options";
import { stockNeeds } from "./order-stock.server";

/**
 * Undoes an order whose payment could not be started (docs/decisions/0031):
 * the order and its lines are deleted, the stock and the coupon's use given back, its
 * confirmation and the shop's new-order note (not yet delivered) taken out of the outbox, and the cart made active again,
 * so the shopper is where they were before "place order" and can pick another method.
 * A paid order is never undone. Returns whether the order was undone.
 */
export async function cancelPlacement(orderId: number, mailIds: number[]): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.paymentStatus === "paid") return false;
    const [cart] = order.cartId ? await tx.select().from(carts).where(eq(carts.id, order.cartId)).for("update") : [];
    if (cart) {
      const given = new Map<number, number>();
      for (const need of await stockNeeds(tx, await loadCartItems(tx, cart.id)))
        given.set(need.productId, (given.get(need.productId) ?? 0) + need.quantity);
      for (const [id, quantity] of [...given].sort((a, b) => a[0] - b[0])) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${quantity}` })
          .where(and(eq(products.id, id), isNotNull(products.stock)));
      }
      await tx.update(carts).set({ status: "active", usedAt: null }).where(eq(carts.id, cart.id));
    }
    if (order.couponCode) {
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(and(eq(coupons.siteId, SITE_ID), eq(coupons.code, normaliseCouponCode(order.couponCode))));
    }
    if (mailIds.length) await tx.delete(mailOutbox).where(and(inArray(mailOutbox.id, mailIds), ne(mailOutbox.status, "sent")));
    // Lines and payment events go with the order (on delete cascade).
    await tx.delete(orders).where(inArray(orders.id, [order.id]));
    return true;
  });
}
