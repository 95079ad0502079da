import { PRICE_ENDINGS, type PriceEnding } from "~/lib/price-change";

/**
 * The built-in site's id and the names of the CMS options that code reads by name. The
 * seed writes the options under these names and the services read them, so both import
 * them from here (production code never imports the seed).
 */

/** The built-in site (spec §1) has id 1. */
export const SITE_ID = 1;
/** Its one store (spec §7 "store id" header, a bundle's "Store is not defined"). */
export const STORE_ID = 1;

/** Free delivery from this order total: cents per currency id (spec §7 getFreeDeliveryAmount). */
export const FREE_DELIVERY_OPTION = "FreeDeliveryAmount";
/** The request-quote cart switch (boolean; docs/decisions/0009). */
export const REQUEST_QUOTE_OPTION = "CartRequestQuote";
/** The seller on payment slips and invoices (docs/decisions/0020). */
export const SELLER_OPTION = "SellerDetails";

/**
 * The product page says "Još samo 3 na zalihi" when the stock of a tracked product (or the
 * chosen variant) is at or below this level and above zero (decision 0037); 0 turns it off.
 */
export const LOW_STOCK_OPTION = "LowStockThreshold";
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The option's value as a whole number of at least 0, else the default. */
export function lowStockThreshold(options: Record<string, unknown>): number {
  const value = options[LOW_STOCK_OPTION];
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : DEFAULT_LOW_STOCK_THRESHOLD;
}

/** The endings a bulk price change rounds to (docs/decisions/0103): "none" unless the shop chose one. */
export const PRICE_ENDING_OPTION = "PriceEnding";

export function priceEnding(options: Record<string, unknown>): PriceEnding {
  const value = options[PRICE_ENDING_OPTION];
  return PRICE_ENDINGS.find((ending) => ending === value) ?? "none";
}

/** The maintenance view's own message per language (decision 0101); none set: the spec's text. */
export const MAINTENANCE_MESSAGE_OPTION = "MaintenanceMessage";
