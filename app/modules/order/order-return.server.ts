import { and, asc, eq, sql } from "drizzle-orm";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Executor } from "~/.server/db/client.server";
import { coupons, creditNoteNumbers, orderItems, products } from "~/.server/db/schema";
import { normaliseCouponCode } from "~/modules/cart/cart-pricing.server";
import { trackedStock, type StockLine } from "~/modules/cart/cart-stock.server";
import { SITE_ID } from "~/modules/kernel/options";
import { stockNeeds } from "./order-stock.server";

/**
 * What a cancelled or returned order gives back (decision 0039), inside the move's
 * transaction. The stock comes from the order's own lines (the cart may be gone), through
 * the same rule that took it (cart-stock.server.ts: variants, bundle members, rows not
 * tracked or made to order left alone), the rows locked in id order like checkout's.
 * `quantities` (per order line id) gives back only those of a partial return (decision
 * 0108); without it, every line whole. Returns what went back per product id, for the audit row.
 */
export async function returnStock(tx: Executor, orderId: number, quantities?: Map<number, number>): Promise<Record<number, number>> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  const stockLines: StockLine[] = lines.flatMap((line) => {
    // A line whose product was deleted since has no stock to go back to.
    const productId = line.productId ?? line.variantId;
    const quantity = quantities ? (quantities.get(line.id) ?? 0) : line.quantity;
    return productId === null || quantity <= 0
      ? []
      : [{ id: String(line.id), productId, variantId: line.variantId, quantity, options: line.options }];
  });
  const given = new Map<number, number>();
  for (const need of await stockNeeds(tx, stockLines)) given.set(need.productId, (given.get(need.productId) ?? 0) + need.quantity);
  const tracked = await trackedStock(
    tx,
    [...given.keys()].sort((a, b) => a - b),
    { lock: true },
  );
  const returned: Record<number, number> = {};
  for (const [id, quantity] of [...given].sort((a, b) => a[0] - b[0])) {
    if (!tracked.has(id)) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${quantity}` })
      .where(eq(products.id, id));
    returned[id] = quantity;
  }
  return returned;
}

/** The coupon's use given back (its usage limit counts placed orders only). */
export async function releaseCoupon(tx: Executor, code: string | null): Promise<void> {
  if (!code) return;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(and(eq(coupons.siteId, SITE_ID), eq(coupons.code, normaliseCouponCode(code))));
}

/** The credit note number "2026-000003": per site and year, the counter row locked by the upsert (like order numbers). */
export async function nextCreditNoteNumber(tx: Executor): Promise<string> {
  const year = new Date().getUTCFullYear();
  const [row] = await tx
    .insert(creditNoteNumbers)
    .values({ siteId: SITE_ID, year, last: 1 })
    .onConflictDoUpdate({ target: [creditNoteNumbers.siteId, creditNoteNumbers.year], set: { last: sql`${creditNoteNumbers.last} + 1` } })
    .returning({ last: creditNoteNumbers.last });
  return `${year}-${String(row.last).padStart(6, "0")}`;
}

/**
 * After stock came back (called after the commit): the catalogue's cached reads drop, and
 * with them the rendered pages, so shoppers see the product available again at once.
 */
export async function showReturnedStock(): Promise<void> {
  await dataChanged("stock");
}
