import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { carts } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import type { CartSessionKey, Shopper } from "~/.server/shopper.server";

/**
 * The cart session (spec §4 Cart "Session", §9 cookies): none until the first add, then the
 * cartId and protectCode the shopper holds (the HTML shop keeps them in cookies, written by
 * the routes from the values returned here: app/.server/shopper-cookies.server.ts). A cart that is unknown, whose protectCode does not match, or
 * that belongs to another language (spec: "cleared on language switch") is no session: its
 * cookies are cleared, never a 500 (the spec's 400/409 case of the cart fetch).
 */
export type CartRow = typeof carts.$inferSelect;
/** The cart session a shopper holds (the HTML shop's cookies, the API's posted cartId and protectCode). */
export type CartSessionCookies = CartSessionKey;

/** The spec's thrown messages (§7, §8) with the keys the routes translate them by. */
export const sessionMissing = () => new DomainError("cartSessionMissing", { message: "Session doesn't exist", key: "cart.sessionMissing" });
export const cartArchived = () =>
  new DomainError("cartArchived", { message: "Cart is archived.", key: "core.notifications.cartUpdateError", status: 409 });
export const sessionUsed = () =>
  new DomainError("cartSessionUsed", { message: "Session already used.", key: "core.notifications.cartUpdateError", status: 409 });
/** The two errors after which the shopper is sent home with the session cleared (spec §2, §8). */
export const isSessionGone = (error: DomainError) => error.code === "cartArchived" || error.code === "cartSessionUsed";

export const newProtectCode = () => randomBytes(24).toString("base64url");

export function protectCodeMatches(stored: string, given: string) {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What the shopper's cart session points at. `stale`: cookies that lead to no usable cart of this
 * language (clear them); `gone`: an archived or used cart (clear them, and an action sends
 * the shopper home).
 */
export type CartLookup =
  { kind: "none" } | { kind: "stale" } | { kind: "gone"; error: DomainError } | { kind: "active"; cart: CartRow; locale: Locale };

export async function lookupCart(shopper: Shopper): Promise<CartLookup> {
  const { locale, localeSwitched, cart: key } = shopper;
  if (!key) return shopper.cartKeySent ? { kind: "stale" } : { kind: "none" };
  if (localeSwitched) return { kind: "stale" };
  const db = await getDb();
  const [cart] = await db.select().from(carts).where(eq(carts.id, key.cartId));
  return judge(cart, key, locale);
}

/** The cart session a page should keep: a new one to set, null to clear, undefined to leave as it is. */
export type CartSessionChange = CartSessionKey | null | undefined;

/** What a page should do with the cart session after a lookup: clear dead cookies. */
export function sessionAfter(lookup: CartLookup): CartSessionChange {
  return lookup.kind === "stale" || lookup.kind === "gone" ? null : undefined;
}

/** The same checks on a row read (and locked) inside a transaction. */
export function judge(cart: CartRow | undefined, cookies: CartSessionCookies, locale: Locale): CartLookup {
  if (!cart || !protectCodeMatches(cart.protectCode, cookies.protectCode) || cart.locale !== locale) return { kind: "stale" };
  if (cart.status === "archived") return { kind: "gone", error: cartArchived() };
  if (cart.usedAt) return { kind: "gone", error: sessionUsed() };
  return { kind: "active", cart, locale };
}
