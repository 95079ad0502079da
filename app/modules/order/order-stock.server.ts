import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { products } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { stockNeeds, trackedStock, type StockNeed } from "~/modules/cart/cart-stock.server";

/**
 * Stock at order placement (decision 0011). Which rows carry the stock of a line is the
 * cart's rule (cart-stock.server.ts: variants, bundle members, not tracked, made to order).
 * The rows are locked FOR UPDATE in id order, the same order in every checkout, so two
 * checkouts never wait on each other in a circle.
 */
export { stockNeeds };
type Need = StockNeed;

/**
 * Locks the stock rows, refuses the first line that is short (naming it, nothing
 * changed: the caller's transaction rolls back) and takes the quantities off.
 */
export async function takeStock(tx: Executor, needs: Need[], lineName: (itemId: string) => string) {
  const ids = [...new Set(needs.map((n) => n.productId))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // Rows not tracked or made to order are left out: never refused, never taken.
  const stock: Map<number, number | null> = await trackedStock(tx, ids, { lock: true });
  const total = new Map<number, number>();
  for (const need of needs) {
    total.set(need.productId, (total.get(need.productId) ?? 0) + need.quantity);
    const onHand = stock.get(need.productId);
    if (onHand === null || onHand === undefined) continue;
    if (total.get(need.productId)! > onHand) {
      throw new DomainError("outOfStock", {
        message: "Out of stock",
        key: "checkout.outOfStock",
        status: 409,
        values: { name: lineName(need.itemId), available: Math.max(0, onHand) },
      });
    }
  }
  for (const [id, quantity] of total) {
    if (stock.get(id) === null || stock.get(id) === undefined) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}` })
      .where(and(eq(products.id, id), sql`${products.stock} >= ${quantity}`));
  }
}
