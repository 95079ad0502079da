import { asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { bundleItems, cartItems, products } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import type { CartItemRow } from "./cart-pricing.server";

/**
 * Which product rows carry the stock of cart lines, and the check when a line is added or
 * its quantity changed (decision 0074; the order takes the stock the same way, see
 * order-stock.server.ts). A configurable product's line takes its chosen variant; a bundle
 * its members (the chosen variant of a configurable member) times the member quantity, and
 * the bundle itself when it is tracked; any other product itself. Stock null is not
 * tracked and a made-to-order product is always available: neither is checked nor taken.
 */
export type StockNeed = { productId: number; quantity: number; itemId: string };

/** The fields of a line the stock rule reads: a cart line's, or an order line's (a cancelled order gives its stock back). */
export type StockLine = Pick<CartItemRow, "id" | "productId" | "variantId" | "quantity" | "options">;

export async function stockNeeds(tx: Executor, items: StockLine[]): Promise<StockNeed[]> {
  const bundleIds = [...new Set(items.filter((i) => i.variantId === null).map((i) => i.productId))];
  const members = bundleIds.length ? await tx.select().from(bundleItems).where(inArray(bundleItems.bundleId, bundleIds)) : [];
  const needs: StockNeed[] = [];
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

/** Units on hand of the rows whose stock is checked (tracked and not made to order), by id. */
export async function trackedStock(tx: Executor, ids: number[], { lock = false } = {}): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const query = tx
    .select({ id: products.id, stock: products.stock, madeToOrder: products.madeToOrder })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  const rows = lock ? await query.for("update") : await query;
  return new Map(rows.filter((r) => r.stock !== null && !r.madeToOrder).map((r) => [r.id, Math.max(0, r.stock!)]));
}

/**
 * After a line was put in the cart (inside the cart's transaction): refuses, with the
 * number available, when the cart as a whole now needs more of a row than is on hand. The
 * caller's transaction then rolls back, so nothing changes. `heldBefore` is what the
 * changed line already held before an add (it counts as "already in the cart").
 *
 * The message counts in units of the changed line: `available` is what the shop has for
 * such a line, `inCart` how many of those the cart already holds elsewhere or in the line.
 */
export async function assertStockFor(tx: Executor, cartId: number, itemId: string, heldBefore: number, knownItems?: StockLine[]) {
  // A cart made by this very change holds only the line just put in: the caller knows it.
  const items = knownItems ?? (await tx.select().from(cartItems).where(eq(cartItems.cartId, cartId)));
  const line = items.find((i) => i.id === itemId);
  if (!line) return;
  const needs = await stockNeeds(tx, items);
  const own = needs.filter((n) => n.itemId === itemId);
  const stock = await trackedStock(tx, [...new Set(own.map((n) => n.productId))]);
  let available = Infinity;
  let room = Infinity;
  let short = false;
  for (const need of own) {
    const onHand = stock.get(need.productId);
    if (onHand === undefined) continue;
    const perUnit = need.quantity / line.quantity;
    const total = needs.filter((n) => n.productId === need.productId).reduce((sum, n) => sum + n.quantity, 0);
    const others = total - need.quantity;
    if (total > onHand) short = true;
    available = Math.min(available, Math.floor(onHand / perUnit));
    room = Math.min(room, Math.max(0, Math.floor((onHand - others) / perUnit)));
  }
  if (!short) return;
  const inCart = Math.max(0, available - room) + heldBefore;
  throw new DomainError("stockShort", {
    message: "Not enough in stock",
    key: inCart > 0 ? "core.notifications.stockAvailableInCart" : "core.notifications.stockAvailable",
    status: 409,
    field: "quantity",
    values: { available, inCart },
  });
}
