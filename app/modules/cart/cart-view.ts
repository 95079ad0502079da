import type { MediaRef } from "~/lib/media";
import type { ProductCard } from "~/modules/catalog/product-cards.server";

/**
 * What the cart page and the cart modal show (spec §3 Cart, Cart item): the lines with
 * product data and converted prices, and the summary of prices.converted. Money in cents.
 */
export type CartLineView = {
  itemId: string;
  productId: number;
  variantId: number | null;
  qty: number;
  productData: { name: string; sku: string; media: MediaRef | null; slug: string; mainProductSlug: string; isVisibleIndividually: boolean };
  /** The product link: the main product, with ?cartItemId when the line is a variant not visible individually. */
  href: string;
  /** The product page in cart-item edit mode for this line. */
  editHref: string;
  details: { label: string; value: string }[];
  /** finalPrice per piece, or per running metre when lengthMm is set (the line's length, decision 0028); groupApplied: the customer group's price (decision 0107). */
  prices: { finalPrice: number; row: number; membershipApplied: boolean; groupApplied: boolean; lengthMm: number | null };
};

export type CartSummary = {
  itemsTotal: number;
  cartTotal: number;
  coupon: number;
  delivery: number;
  loyalty: number;
  orderTotal: number;
  tax: number;
};

export type FreeDeliveryView = { limit: number | null; reached: boolean; left: number };

export type CartView = {
  items: CartLineView[];
  qty: number;
  digitalOnly: boolean;
  couponCode: string | null;
  memberCardBarcode: string | null;
  instructions: string;
  prices: { converted: CartSummary };
  /** Spec §7 getFreeDeliveryAmount: the limit, whether the items total after the coupon reaches it, how much is left, so the page names the amount the limit is compared with. */
  freeDelivery: FreeDeliveryView;
  crossSells: ProductCard[];
};
