import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { readCookie, serializeCookie } from "~/.server/cookies.server";
import { getDb } from "~/.server/db/client.server";
import { carts } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import { requestLocale } from "~/modules/site/locale.server";

/**
 * The cart session (spec §4 Cart "Session", §9 cookies): none until the first add, then the
 * cookies cartId and protectCode, one year (31,536,000 s), path /. HttpOnly and SameSite=Lax:
 * only the server reads them. A cart that is unknown, whose protectCode does not match, or
 * that belongs to another language (spec: "cleared on language switch") is no session: its
 * cookies are cleared, never a 500 (the spec's 400/409 case of the cart fetch).
 */
export const CART_COOKIE_MAX_AGE = 31_536_000;
export const CART_ID_COOKIE = "cartId";
export const PROTECT_CODE_COOKIE = "protectCode";

export type CartRow = typeof carts.$inferSelect;
export type CartSessionCookies = { cartId: number; protectCode: string };

/** The spec's thrown messages (§7, §8) with the keys the routes translate them by. */
export const sessionMissing = () => new DomainError("cartSessionMissing", { message: "Session doesn't exist", key: "cart.sessionMissing" });
export const cartArchived = () =>
  new DomainError("cartArchived", { message: "Cart is archived.", key: "core.notifications.cartUpdateError", status: 409 });
export const sessionUsed = () =>
  new DomainError("cartSessionUsed", { message: "Session already used.", key: "core.notifications.cartUpdateError", status: 409 });
/** The two errors after which the shopper is sent home with the session cleared (spec §2, §8). */
export const isSessionGone = (error: DomainError) => error.code === "cartArchived" || error.code === "cartSessionUsed";

export function readCartCookies(request: Request): CartSessionCookies | null {
  const id = readCookie(request, CART_ID_COOKIE);
  const protectCode = readCookie(request, PROTECT_CODE_COOKIE);
  if (!id || !protectCode || !/^\d{1,9}$/.test(id) || protectCode.length > 100) return null;
  return { cartId: Number(id), protectCode };
}

export function hasCartCookies(request: Request) {
  return readCookie(request, CART_ID_COOKIE) !== null || readCookie(request, PROTECT_CODE_COOKIE) !== null;
}

export function cartCookies(cart: Pick<CartRow, "id" | "protectCode">): string[] {
  const options = { maxAge: CART_COOKIE_MAX_AGE, httpOnly: true };
  return [serializeCookie(CART_ID_COOKIE, String(cart.id), options), serializeCookie(PROTECT_CODE_COOKIE, cart.protectCode, options)];
}

export function clearCartCookies(): string[] {
  return [CART_ID_COOKIE, PROTECT_CODE_COOKIE].map((name) => serializeCookie(name, "", { maxAge: 0, httpOnly: true }));
}

export const newProtectCode = () => randomBytes(24).toString("base64url");

export function protectCodeMatches(stored: string, given: string) {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What the request's cookies point at. `stale`: cookies that lead to no usable cart of this
 * language (clear them); `gone`: an archived or used cart (clear them, and an action sends
 * the shopper home).
 */
export type CartLookup =
  { kind: "none" } | { kind: "stale" } | { kind: "gone"; error: DomainError } | { kind: "active"; cart: CartRow; locale: Locale };

export async function lookupCart(request: Request): Promise<CartLookup> {
  const { locale, switched } = requestLocale(request);
  const cookies = readCartCookies(request);
  if (!cookies) return hasCartCookies(request) ? { kind: "stale" } : { kind: "none" };
  if (switched) return { kind: "stale" };
  const db = await getDb();
  const [cart] = await db.select().from(carts).where(eq(carts.id, cookies.cartId));
  return judge(cart, cookies, locale);
}

/** The same checks on a row read (and locked) inside a transaction. */
export function judge(cart: CartRow | undefined, cookies: CartSessionCookies, locale: Locale): CartLookup {
  if (!cart || !protectCodeMatches(cart.protectCode, cookies.protectCode) || cart.locale !== locale) return { kind: "stale" };
  if (cart.status === "archived") return { kind: "gone", error: cartArchived() };
  if (cart.usedAt) return { kind: "gone", error: sessionUsed() };
  return { kind: "active", cart, locale };
}

/** Set-Cookie headers a page should send for what it found: clearing dead cookies. */
export function cookiesFor(lookup: CartLookup): string[] {
  return lookup.kind === "stale" || lookup.kind === "gone" ? clearCartCookies() : [];
}
