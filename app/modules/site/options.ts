/**
 * The built-in site's id and the names of the CMS options that code reads by name. The
 * seed writes the options under these names and the services read them, so both import
 * them from here (production code never imports the seed).
 */

/** The built-in site (spec §1) has id 1. */
export const SITE_ID = 1;

/** Free delivery from this order total: cents per currency id (spec §7 getFreeDeliveryAmount). */
export const FREE_DELIVERY_OPTION = "FreeDeliveryAmount";
/** The request-quote cart switch (boolean; docs/decisions/0009). */
export const REQUEST_QUOTE_OPTION = "CartRequestQuote";
/** The seller on payment slips and invoices (docs/decisions/0020). */
export const SELLER_OPTION = "SellerDetails";
