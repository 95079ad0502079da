import { and, eq } from "drizzle-orm";
import type { Shopper } from "~/.server/shopper.server";
import { getDb, type Executor } from "~/.server/db/client.server";
import { carts, users } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { orderBlocked } from "./blocked.server";

/**
 * Guest checkout (spec §6 "Guest user: created by the register call, remembered by a
 * cookie holding the e-mail"; §5 "guest user needs a session else 'Session doesn't
 * exist'"). A guest is a users row with is_guest and only an e-mail; the shopper keeps the
 * e-mail (the HTML shop in its guestEmail cookie, the API in the posted guestEmail). It alone
 * proves nothing: a guest counts for a cart only when that cart was attached to them, so
 * typing someone's e-mail into the cookie opens no other cart or order.
 */
export type Guest = { id: number; email: string };

export const noActiveUser = () =>
  new DomainError("noActiveUser", { message: "No active user", key: "checkout.guest.noActiveUser", status: 401 });

/** Spec's e-mail rule, kept here so the service refuses junk whoever calls it. */
export function normaliseGuestEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

/**
 * Creates or reuses the guest user of `email` and attaches the cart to them. An e-mail
 * of a registered account is refused: the cart must not be attached to an account
 * nobody proved they own (the shopper is asked to log in instead).
 */
export async function registerGuest(tx: Executor, cartId: number, rawEmail: unknown): Promise<{ guest: Guest }> {
  const email = normaliseGuestEmail(rawEmail);
  if (!email) throw new DomainError("invalidEmail", { message: "Invalid e-mail", key: "core.validation.email" });
  await tx.insert(users).values({ siteId: SITE_ID, email, isGuest: true }).onConflictDoNothing();
  const [user] = await tx
    .select({ id: users.id, isGuest: users.isGuest, blockedAt: users.blockedAt })
    .from(users)
    .where(and(eq(users.siteId, SITE_ID), eq(users.email, email)));
  if (!user.isGuest)
    throw new DomainError("accountExists", { message: "Account exists", key: "checkout.guest.accountExists", status: 409 });
  // A guest blocked in the backoffice is told at once, not only when placing the order.
  if (user.blockedAt) throw orderBlocked();
  await tx.update(carts).set({ userId: user.id }).where(eq(carts.id, cartId));
  return { guest: { id: user.id, email } };
}

/** The guest the shopper's e-mail names, when the cart is theirs; else null. */
export async function guestOfCart(shopper: Shopper, cart: { userId: number | null }): Promise<Guest | null> {
  const email = normaliseGuestEmail(shopper.guestEmail);
  if (!email || cart.userId === null) return null;
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, SITE_ID), eq(users.email, email), eq(users.isGuest, true), eq(users.id, cart.userId)));
  return user ? { id: user.id, email } : null;
}
