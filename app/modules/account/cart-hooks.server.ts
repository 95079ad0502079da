/**
 * Where accounts meet the cart (spec §4 Auth, Cart "Membership barcode"). The cart is
 * built on its own branch; these functions are the seams it plugs into. Each one is
 * "wired to the cart module at merge": until then they do the part that does not need
 * the cart and say so.
 */

/**
 * Spec §4 Auth Login: "then fetch user, abandoned cart session and wishlist". Merges the
 * user's abandoned cart with the visitor's current cart (or restores it) and returns the
 * Set-Cookie headers of the resulting cart session (cartId, protectCode).
 * wired to the cart module at merge
 */
export async function mergeAbandonedCartAtLogin(_request: Request, _userId: number): Promise<string[]> {
  return [];
}

/**
 * Spec §4 Auth: "Logout clears the cart session." Returns the Set-Cookie headers that
 * delete the cart cookies.
 * wired to the cart module at merge
 */
export async function clearCartSessionAtLogout(_request: Request): Promise<string[]> {
  return [];
}

/** Spec §5: a member card barcode "if non-empty, checked by the server". */
export type BarcodeCheck = { isValid: boolean };

// Card barcodes are EAN/Code128-like: letters and digits, 4 to 64 of them.
const BARCODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

/**
 * validateMembersBarcode (spec §7 User): is this a member card of the shop? Until the
 * cart's loyalty check is wired it checks the barcode's form only; a call failure must
 * throw (the route maps it to core.notifications.membershipCardBarcodeError).
 * wired to the cart module at merge
 */
export async function validateMemberCardBarcode(barcode: string): Promise<BarcodeCheck> {
  return { isValid: BARCODE_PATTERN.test(barcode) };
}
