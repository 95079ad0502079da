import type { CartItemForEdit } from "./product-view";

/**
 * The seam between the product page and the cart (spec §2 Product page: "with a
 * cartItemId query the page is in cart-item edit mode and quantity and personalizations
 * are prefilled from that item"). The cart tables and their session (cartId and
 * protectCode cookies) arrive with the cart issue (issue 4); until then no cart exists, so
 * there is no item to edit and nothing of this product in the cart. The cart issue
 * replaces the two bodies below; the page (routes/product.tsx, formPrefill in
 * product-view.ts) already uses their results.
 */

/** A cartItemId from the query: an opaque id of up to 64 letters, digits, '-' or '_'; anything else is ignored. */
export function parseCartItemId(value: string | null): string | null {
  if (value === null) return null;
  const id = value.trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/**
 * The item of the visitor's own cart with this id (quantity, chosen variant, personalisations
 * and bundle options), or null when there is no such item in that cart. The cart issue
 * implements it; it must check the item belongs to the cart of the request's session.
 */
export async function loadCartItemForEdit(_request: Request, _cartItemId: string): Promise<CartItemForEdit | null> {
  return null;
}

/** How many of this product the visitor's cart holds (the bundle customisation's in-cart count). */
export async function quantityInCart(_request: Request, _productId: number): Promise<number> {
  return 0;
}
