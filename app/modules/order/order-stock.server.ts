import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { bundleItems, products } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import type { CartItemRow } from "~/modules/cart/cart-pricing.server";

/**
 * Stock at order placement (issue 6 item 2). Which rows carry the stock of a line: a
 * configurable product's chosen variant; a bundle's members (the chosen variant of a
 * configurable member), times the member quantity, and the bundle itself when it is
 * tracked; any other product itself. stock null means not tracked. The rows are locked
 * FOR UPDATE in id order, the same order in every checkout, so two checkouts never wait
 * on each other in a circle.
 */
type Need = { productId: number; quantity: number; itemId: string };

export async function stockNeeds(tx: Executor, items: CartItemRow[]): Promise<Need[]> {
  const bundleIds = [...new Set(items.filter((i) => i.variantId === null).map((i) => i.productId))];
  const members = bundleIds.length ? await tx.select().from(bundleItems).where(inArray(bundleItems.bundleId, bundleIds)) : [];
  const needs: Need[] = [];
  for (const item of items) {
    if (item.variantId !== null) {
      needs.push({ productId: item.variantId, quantity: item.quantity, itemId: item.id });
      continue;
    }
    needs.push({ productId: item.productId, quantity: item.quantity, itemId: item.id });
    for (const member of members.filter((m) => m.bundleId === item.productId)) {
      const chosen = item.options.bundleOptions.find((o) => o.id === member.productId)?.variantId;
      needs.push({ productId: chosen ?? member.productId, quantity: item.quantity * member.quantity, itemId: item.id });
    }
  }
  return needs;
}

/**
 * Locks the stock rows, refuses the first line that is short (naming it, nothing
 * changed: the caller's transaction rolls back) and takes the quantities off.
 */
export async function takeStock(tx: Executor, needs: Need[], lineName: (itemId: string) => string) {
  const ids = [...new Set(needs.map((n) => n.productId))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const rows = await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for("update");
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  const total = new Map<number, number>();
  for (const need of needs) {
    total.set(need.productId, (total.get(need.productId) ?? 0) + need.quantity);
    const onHand = stock.get(need.productId);
    if (onHand === null || onHand === undefined) continue;
    if (total.get(need.productId)! > onHand) {
      throw new DomainError("outOfStock", { message: "Out of stock", key: "checkout.outOfStock", status: 409, values: { name: lineName(need.itemId), available: Math.max(0, onHand) } });
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
