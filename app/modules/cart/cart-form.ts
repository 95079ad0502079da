import type { ToastMessage } from "~/lib/toast";

/** Names shared by the cart's forms and the cart action (isomorphic). */
export const CART_INTENTS = ["add", "update", "delete", "clear", "coupon", "removeCoupon", "memberCard", "instructions"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** Posted by hydrated fetcher forms: the action answers with data instead of a redirect. */
export const VIA_FETCHER = "fetcher";
/** ?cart=open over any page shows the cart modal (cartAdditionBehaviour 2, spec §4). */
export const CART_MODAL_PARAM = "cart";
/** Spec §9: cart quantity edits are debounced 500 ms. */
export const QUANTITY_DEBOUNCE_MS = 500;

export type CartAnswer = { ok: boolean; toast: ToastMessage; redirectTo?: string };

/** The instructions textarea keeps at most this many characters. */
export const INSTRUCTIONS_MAX_LENGTH = 1000;

/**
 * Spec §5: "Quantity parses as a whole number; not a number or 0 or less gives
 * error.invalidQuantity"; §9 cart quantity 1 to 999. The quantity, or null when refused.
 */
export function parseQuantityText(raw: string): number | null {
  const text = raw.trim();
  const quantity = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  return quantity >= 1 && quantity <= 999 ? quantity : null;
}
