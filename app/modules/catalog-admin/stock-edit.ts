/**
 * The stock a backoffice form carries as it was opened (hidden field `stockLoaded`), which
 * stock-edit.server.ts's rule compares against (decision 0092): a count, or "none" for a
 * product whose stock is not tracked. `null` is "not tracked".
 */
export type StockValue = number | null;

export const LOADED_STOCK_PATTERN = /^(none|\d{1,9})$/;
export const loadedStock = (raw: string): StockValue => (raw === "none" ? null : Number(raw));
export const loadedStockText = (stock: StockValue): string => (stock === null ? "none" : String(stock));
