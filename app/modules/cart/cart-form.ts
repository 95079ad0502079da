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
/** The longest coupon code and member card barcode the cart accepts. */
export const COUPON_CODE_MAX = 64;
export const MEMBER_CARD_MAX = 64;
