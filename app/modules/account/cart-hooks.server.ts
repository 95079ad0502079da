import type { Locale } from "~/lib/locales";
import type { Shopper } from "~/.server/shopper.server";
import { cartSessionAtLogout, claimCartAtLogin } from "~/modules/cart/cart-owner.server";
import type { CartSessionChange } from "~/modules/cart/cart-session.server";
import { isValidMemberCard } from "~/modules/cart/member-card.server";

/**
 * Where accounts meet the cart (spec §4 Auth, Cart "Membership barcode"): the account
 * flows call these, the cart module does the work.
 */

/**
 * Spec §4 Auth Login: "then fetch user, abandoned cart session and wishlist". The
 * visitor's cart becomes the user's and absorbs their abandoned carts, or the latest one
 * is restored; returns the resulting cart session.
 */
export function mergeAbandonedCartAtLogin(shopper: Shopper, userId: number): Promise<CartSessionChange> {
  return claimCartAtLogin(shopper, userId);
}

/** Spec §4 Auth: "Logout clears the cart session." */
export function clearCartSessionAtLogout(shopper: Shopper): CartSessionChange {
  return cartSessionAtLogout(shopper);
}

/** Spec §5: a member card barcode "if non-empty, checked by the server". */
export type BarcodeCheck = { isValid: boolean };

/**
 * validateMembersBarcode (spec §7 User): the cart's pluggable member card check (built in:
 * the MemberCardBarcodePattern format). A failing external check throws; the route maps
 * it to core.notifications.membershipCardBarcodeError.
 */
export async function validateMemberCardBarcode(barcode: string, locale: Locale = "hr"): Promise<BarcodeCheck> {
  return { isValid: await isValidMemberCard(barcode, locale) };
}
