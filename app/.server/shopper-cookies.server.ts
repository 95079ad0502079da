import { createCookie } from "@remix-run/node";
import { serializeCookie } from "./cookies.server";
import { env, isProduction } from "./env.server";
import { sessionCookieOf } from "./session.server";
import { setToast, type Toast } from "./toast.server";
import {
  CART_ID_COOKIE,
  GUEST_EMAIL_COOKIE,
  MEMBER_CARD_COOKIE,
  PROTECT_CODE_COOKIE,
  WISHLIST_COOKIE,
  type CartSessionKey,
} from "./shopper.server";

/**
 * The HTML shop keeps the shopper's parts in cookies (spec §9); the services return them as
 * values and the routes write them here (decision 0097). The API answers the same values in
 * its JSON instead. Each writer takes the new value, or null to clear the cookie.
 */
export const CART_COOKIE_MAX_AGE = 31_536_000;
const GUEST_COOKIE_MAX_AGE = 31_536_000;

/** The cart session's two cookies: one year, path /, HttpOnly and SameSite=Lax (only the server reads them). */
export function cartSessionCookies(cart: CartSessionKey | null): string[] {
  if (!cart) return [CART_ID_COOKIE, PROTECT_CODE_COOKIE].map((name) => serializeCookie(name, "", { maxAge: 0, httpOnly: true }));
  const options = { maxAge: CART_COOKIE_MAX_AGE, httpOnly: true };
  return [serializeCookie(CART_ID_COOKIE, String(cart.cartId), options), serializeCookie(PROTECT_CODE_COOKIE, cart.protectCode, options)];
}

/** The cart session of a cart row. */
export const cartCookies = (cart: { id: number; protectCode: string }) =>
  cartSessionCookies({ cartId: cart.id, protectCode: cart.protectCode });
export const clearCartCookies = () => cartSessionCookies(null);

/** Set-Cookie for a cart session change: a key sets it, null clears it, undefined leaves it. */
export const cartSessionChangeCookies = (change: CartSessionKey | null | undefined) =>
  change === undefined ? [] : cartSessionCookies(change);

/** The member card the shopper last applied (spec §4): a session cookie. */
export function memberCardCookie(barcode: string | null): string {
  return barcode === null
    ? serializeCookie(MEMBER_CARD_COOKIE, "", { maxAge: 0, httpOnly: true })
    : serializeCookie(MEMBER_CARD_COOKIE, barcode, { httpOnly: true });
}

/**
 * The profile's save of a barcode (spec §4 Profile): the same memberCardBarcode cookie, 30
 * days and readable by the page; null when the cookie already says the same.
 */
export function profileBarcodeCookie(current: string | null, barcode: string): string | null {
  if ((current ?? "") === barcode) return null;
  return barcode === "" ? serializeCookie(MEMBER_CARD_COOKIE, "", { maxAge: 0 }) : serializeCookie(MEMBER_CARD_COOKIE, barcode);
}

/** The guest checkout's e-mail (spec §6 "remembered by a cookie holding the e-mail"). */
export function guestCookie(email: string | null): string {
  return email === null
    ? serializeCookie(GUEST_EMAIL_COOKIE, "", { maxAge: 0, httpOnly: true })
    : serializeCookie(GUEST_EMAIL_COOKIE, email, { maxAge: GUEST_COOKIE_MAX_AGE, httpOnly: true });
}

/** A visitor's wishlist (decision 0129): the kept product ids, 30 days (spec §9 default); an empty list ends the cookie. */
export function guestWishlistCookie(kept: readonly number[]): string {
  return kept.length === 0
    ? serializeCookie(WISHLIST_COOKIE, "", { maxAge: 0, httpOnly: true })
    : serializeCookie(WISHLIST_COOKIE, kept.join(","), { httpOnly: true });
}

/** Headers carrying Set-Cookie lines. */
export function headersWithCookies(cookies: string[], headers = new Headers()): Headers {
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A sign-in's or sign-out's cookies (the session, the cart session, the visitor's wishlist once taken) and its toast. */
export async function sessionHeaders(
  {
    sessionId,
    cartSession,
    guestWishlistTaken = false,
  }: { sessionId: string | null; cartSession: CartSessionKey | null | undefined; guestWishlistTaken?: boolean },
  toast: Toast,
): Promise<Headers> {
  const headers = headersWithCookies([
    await sessionCookieOf(sessionId),
    ...cartSessionChangeCookies(cartSession),
    ...(guestWishlistTaken ? [guestWishlistCookie([])] : []),
  ]);
  return setToast(toast, headers);
}

/** The order this browser placed last (a signed cookie, a day): who may see its summary on the success page. */
const lastOrderCookie = createCookie("lastOrder", {
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  path: "/",
  maxAge: 60 * 60 * 24,
  secrets: env.SESSION_SECRETS,
});

export function rememberOrder(orderId: number): Promise<string> {
  return lastOrderCookie.serialize(orderId);
}

export async function rememberedOrder(request: Request): Promise<number | null> {
  const value = (await lastOrderCookie.parse(request.headers.get("Cookie"))) as unknown;
  return typeof value === "number" ? value : null;
}
