import { DomainError } from "~/.server/domain-error";
import type { StockValue } from "./stock-edit";

/**
 * The one rule for every backoffice writer of a product's absolute stock (the editor's main
 * form, a variant's row, the CSV import; decision 0092). Checkouts, cancellations and returns
 * move stock by a delta without moving the product's version, so the editor's version check
 * cannot see them: a form opened before a sale still shows the stock before it. Every such
 * writer therefore carries the stock it was opened with ("loaded") next to the stock it
 * wants, and:
 * - wanted equals loaded: the staff member did not touch stock, so it is not written at all
 *   (a price-only save never puts sold units back);
 * - otherwise it is written only while the stored stock still equals loaded (the row is
 *   locked by the caller), else refused with the current stock so the staff member decides
 *   again with the real number in front of them.
 */

/** How a refusal is shown: at which field, under which message (the editor's by default), with which extra placeholders. */
export type StockRefusal = { field?: string; key?: string; values?: Record<string, string | number> };

/** The stock to write, or `undefined` for "leave it as it is"; throws when the stored stock moved since the form was opened. */
export function stockToWrite(
  stored: StockValue,
  loaded: StockValue,
  wanted: StockValue,
  refusal: StockRefusal = {},
): StockValue | undefined {
  if (wanted === loaded) return undefined;
  if (stored === loaded) return wanted;
  throw stockMoved(stored, wanted, refusal);
}

/** `{ stock }` for an update's `set`, or nothing when the stock stays as it is. */
export function stockColumn(
  stored: StockValue,
  loaded: StockValue,
  wanted: StockValue,
  refusal: StockRefusal = {},
): { stock?: StockValue } {
  const stock = stockToWrite(stored, loaded, wanted, refusal);
  return stock === undefined ? {} : { stock };
}

function stockMoved(stored: StockValue, wanted: StockValue, { field = "stock", key, values }: StockRefusal) {
  return new DomainError("stockMoved", {
    message: "The stock changed since the form was opened",
    key: key ?? (stored === null ? "adminProducts.errors.stockMovedUntracked" : "adminProducts.errors.stockMoved"),
    status: 409,
    field,
    values: { current: stored ?? "–", wanted: wanted ?? "–", ...values },
  });
}
