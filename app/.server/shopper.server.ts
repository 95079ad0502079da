import { localeCookie, readCookie, readLocaleCookie } from "./cookies.server";
import type { CurrentUser } from "./current-user.server";
import { requestScope } from "./http/request-scope.server";
import { readSession, readSessionById } from "./session.server";
import { interfaceLocale, localeFromPath, type Locale } from "~/lib/locales";

/**
 * Who is asking (decision 0097): the shopper of one request, read once where the request
 * enters (a route's loader or action, the API router) and handed to the services as a value.
 * Services never see the Request, never read a cookie: what a cookie said is here, and what
 * a service wants kept it returns as a value that the route turns into Set-Cookie (the API
 * into its own answer). This file is the shop's kernel: it imports no domain module.
 */
export type Shopper = {
  locale: Locale;
  /** The visitor came back in another language than last time: the cart session is cleared (spec §4). */
  localeSwitched: boolean;
  /** The session's id (the HTML shop's session cookie, the API's bearer token), or null. */
  sessionId: string | null;
  /** The signed-in customer or backoffice user; null for a visitor. */
  user: CurrentUser | null;
  /** The products the signed-in customer keeps (spec §4 Wishlist), newest first, read with the session; empty otherwise. */
  wishlist: number[];
  /** What the signed-in customer has commented on ("product:12", "post:3"), read with the session. */
  commentedOn: string[];
  /** The cart session the shopper holds (cartId + protectCode), when well-formed. */
  cart: CartSessionKey | null;
  /** Something was sent as a cart session, even a malformed one: a page clears it. */
  cartKeySent: boolean;
  /** The member card the shopper last applied (spec §4), to skip checking it again. */
  memberCard: string | null;
  /** The e-mail of a guest checkout (spec §6); proves nothing by itself. */
  guestEmail: string | null;
  /** The products a visitor kept on the wishlist before signing in (newest first); merged into the account at sign-in. */
  guestWishlist: number[];
};

export type { CurrentUser };

export type CartSessionKey = { cartId: number; protectCode: string };

/** The cookies the HTML shop keeps the shopper's parts in (spec §9). */
export const CART_ID_COOKIE = "cartId";
export const PROTECT_CODE_COOKIE = "protectCode";
export const MEMBER_CARD_COOKIE = "memberCardBarcode";
export const GUEST_EMAIL_COOKIE = "guestEmail";
/** A visitor's wishlist (decision 0129): the kept product ids, comma-joined, newest first. */
export const WISHLIST_COOKIE = "wishlist";
/** The most products a visitor keeps before signing in (the cookie stays far below 4 KB). */
export const GUEST_WISHLIST_MAX = 50;

/** A visitor's wishlist as sent (the cookie, or the API's login body): whole ids, each once, at most GUEST_WISHLIST_MAX. */
export function guestWishlistOf(raw: string | readonly number[] | null | undefined): number[] {
  const parts = typeof raw === "string" ? raw.split(",") : (raw ?? []).map(String);
  const ids = parts.filter((part) => /^\d{1,9}$/.test(part)).map(Number);
  return [...new Set(ids)].filter((id) => id > 0).slice(0, GUEST_WISHLIST_MAX);
}

/** A cart session as sent (cookies or the API's body): null unless well-formed. */
export function cartSessionKey(cartId: unknown, protectCode: unknown): CartSessionKey | null {
  const id = typeof cartId === "number" ? String(cartId) : cartId;
  if (typeof id !== "string" || typeof protectCode !== "string" || !protectCode) return null;
  if (!/^\d{1,9}$/.test(id) || protectCode.length > 100) return null;
  return { cartId: Number(id), protectCode };
}

/**
 * The interface language of a request: the URL prefix for the site, the last used
 * language for the unprefixed admin pages. When it differs from the locale cookie the
 * visitor switched language: the cookie is renewed for 365 days (spec §9) and
 * `switched` lets the cart clear its session as spec §4 asks.
 */
export function requestLocale(request: Request): { locale: Locale; switched: boolean; setCookie: string | null } {
  const { pathname } = new URL(request.url);
  const remembered = readLocaleCookie(request);
  if (pathname.startsWith("/admin")) return { locale: interfaceLocale(pathname, remembered), switched: false, setCookie: null };
  const locale = localeFromPath(pathname);
  if (remembered === locale) return { locale, switched: false, setCookie: null };
  return { locale, switched: remembered !== null, setCookie: localeCookie(locale) };
}

// Read at most once per request. Every loader gets a Request of its own (request-scope.server.ts),
// so the loaders of a GET share the read through the request's scope. An action's read is
// its own: the loaders after it must see what it changed (a sign-in, a new name).
const resolved = new WeakMap<Request, Promise<Shopper>>();

/** The shopper of an HTML request, read once from its URL and cookies. */
export function shopperOf(request: Request): Promise<Shopper> {
  const scope = request.method === "GET" || request.method === "HEAD" ? requestScope() : undefined;
  if (scope) return (scope.shopper ??= readShopper(request)) as Promise<Shopper>;
  let shopper = resolved.get(request);
  if (!shopper) {
    shopper = readShopper(request);
    resolved.set(request, shopper);
  }
  return shopper;
}

/** The signed-in user of a request (a shortcut for routes that need nothing else). */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return (await shopperOf(request)).user;
}

/** The shopper of a request, read afresh (the page cache reads it before the loaders, and hands it on in their scope). */
export async function readShopper(request: Request): Promise<Shopper> {
  const { locale, switched } = requestLocale(request);
  const { session, user, wishlist, commentedOn } = await readSession(request);
  const rawCartId = readCookie(request, CART_ID_COOKIE);
  const rawProtectCode = readCookie(request, PROTECT_CODE_COOKIE);
  return {
    locale,
    localeSwitched: switched,
    sessionId: session.id || null,
    user,
    wishlist,
    commentedOn,
    cart: cartSessionKey(rawCartId, rawProtectCode),
    cartKeySent: rawCartId !== null || rawProtectCode !== null,
    memberCard: readCookie(request, MEMBER_CARD_COOKIE),
    guestEmail: readCookie(request, GUEST_EMAIL_COOKIE),
    guestWishlist: guestWishlistOf(readCookie(request, WISHLIST_COOKIE)),
  };
}

/**
 * The shopper of an API call (decision 0097): the language it names, the session of its
 * bearer token, the cart session, guest e-mail and (at sign-in) the visitor's wishlist it posts. Built from values, never from
 * a Request with forged cookies.
 */
export async function apiShopper({
  locale,
  sessionId,
  cart = null,
  guestEmail = null,
  guestWishlist = [],
}: {
  locale: Locale;
  sessionId: string | null;
  cart?: CartSessionKey | null;
  guestEmail?: string | null;
  guestWishlist?: readonly number[];
}): Promise<Shopper> {
  const read = sessionId ? await readSessionById(sessionId) : null;
  const signedIn = Boolean(read?.data.userId);
  return {
    locale,
    localeSwitched: false,
    sessionId: signedIn ? sessionId : null,
    user: signedIn ? read!.user : null,
    wishlist: signedIn ? read!.wishlist : [],
    commentedOn: signedIn ? read!.commentedOn : [],
    cart,
    cartKeySent: cart !== null,
    memberCard: null,
    guestEmail,
    guestWishlist: guestWishlistOf(guestWishlist),
  };
}

/** The same shopper holding another cart session (the API answers with the cart a change made). */
export const withCart = (shopper: Shopper, cart: CartSessionKey | null): Shopper => ({ ...shopper, cart, cartKeySent: cart !== null });
