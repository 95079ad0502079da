import { products } from "~/.server/db/schema";

/**
 * What pricing and the stock state of a product or variant read (productPrices, stockState
 * in product-view), under the names they take: one list for the product page and its variants.
 */
export const priceAndStockColumns = {
  retail: products.retailPriceCents,
  price: products.priceCents,
  membership: products.membershipPriceCents,
  taxRateBp: products.taxRateBp,
  stock: products.stock,
  madeToOrder: products.madeToOrder,
};
