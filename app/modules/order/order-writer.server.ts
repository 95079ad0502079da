import type { Executor } from "~/.server/db/client.server";
import { orderItems, orders, type CartItemOptions } from "~/.server/db/schema";
import type { StockLine } from "~/modules/cart/cart-stock.server";

/**
 * The one writer of an order and its item snapshots, for a checkout's placed order and a
 * quote's draft (decision 0076) alike, inside the caller's transaction. A line's price unit
 * follows from its length: a line cut to a length is priced per running metre (decision
 * 0028), so no caller can store a length without its unit or the other way round.
 */
export type OrderLine = {
  productId: number | null;
  variantId: number | null;
  sku: string;
  name: string;
  quantity: number;
  unitCents: number;
  lengthMm: number | null;
  rowCents: number;
  taxRateBp: number;
  options: CartItemOptions;
};

export async function writeOrder(tx: Executor, order: typeof orders.$inferInsert, lines: OrderLine[]) {
  const [written] = await tx.insert(orders).values(order).returning();
  await tx.insert(orderItems).values(
    lines.map((line, position) => ({
      ...line,
      orderId: written.id,
      priceUnit: line.lengthMm === null ? ("piece" as const) : ("metre" as const),
      position,
    })),
  );
  return written;
}

/**
 * What an order's lines hold of the stock, read as returnStock reads the written lines back
 * when the order is cancelled or returned (order-return.server.ts): an order takes exactly
 * what its cancellation gives back. A line whose product is gone holds none.
 */
export function stockLinesOf(lines: OrderLine[]): StockLine[] {
  return lines.flatMap((line, i) => {
    const productId = line.productId ?? line.variantId;
    return productId === null
      ? []
      : [{ id: String(i), productId, variantId: line.variantId, quantity: line.quantity, options: line.options }];
  });
}
