import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { accountTokens, users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { closeSession, openSession } from "~/.server/session.server";
import type { Shopper } from "~/.server/shopper.server";
import type { CartSessionChange } from "~/modules/cart/cart-session.server";
import type { Locale } from "~/lib/locales";
import { authenticate } from "./auth.server";
import { mailVerificationLink } from "./account-mails.server";
import { clearCartSessionAtLogout, mergeAbandonedCartAtLogin } from "./cart-hooks.server";
import { throttled } from "./login-throttle.server";
import { secondFactorOwed } from "./second-factor.server";
import { wakeMailRelay } from "~/modules/mail/mail.server";
import { mergeGuestWishlist } from "~/modules/wishlist/wishlist.server";

/**
 * Customer sign-in and sign-out (spec §4 Auth). Sign-in: the lockout check, the password,
 * a new session id (an id known before the sign-in cannot ride on it), the abandoned cart,
 * the visitor's wishlist, toast core.login.success. Sign-out: the server session ends (the old cookie no longer
 * works anywhere), the cart session is cleared, toast core.login.logout. The outcome is a
 * value: the route writes the cookies and the toast, the API issues its tokens.
 */
export type LogInInput = {
  shopper: Shopper;
  username: string;
  password: string;
  origin: string;
  /** A separate front end's verification page (FRONTEND_URL) when the sign-in came through the API. */
  frontendUrl?: string | null;
};

/**
 * A sign-in: the new session, the cart session to keep (undefined: unchanged, null: cleared),
 * and whether the visitor's wishlist was taken into the account (its cookie then ends).
 */
export type SignedIn = { userId: number; sessionId: string; cartSession: CartSessionChange; guestWishlistTaken: boolean };

/** Registered with verification on and not confirmed yet: a fresh link is mailed, no session. */
const emailNotConfirmed = () =>
  new DomainError("emailNotConfirmed", { message: "E-mail is not confirmed", key: "core.notifications.confirmEmail", status: 403 });

export async function logIn({ shopper, username, password, origin, frontendUrl = null }: LogInInput): Promise<SignedIn> {
  // The account's lock (login-throttle.server.ts): failures from every address count.
  // A backoffice user who owes a second factor keeps the count: the shop's sign-in must not
  // reset the guesses at their codes (decision 0086).
  const user = await throttled(
    username,
    "shop",
    () => authenticate(username, password),
    async (found) => !found.isBackofficeUser || (await secondFactorOwed(found.id, found.scope)) === null,
  );
  await refuseUnconfirmed(user.id, shopper.locale, origin, frontendUrl);
  return startSession(shopper, user.id);
}

/**
 * Signs `userId` in for this shopper: a new session id, the abandoned cart merged, and the
 * products the visitor kept on the wishlist added to the user's (decision 0129). The one place
 * every sign-in goes through: the login page, registration's own sign-in and the API's login.
 */
export async function startSession(shopper: Shopper, userId: number): Promise<SignedIn> {
  const sessionId = await openSession({ userId }, shopper.sessionId);
  const cartSession = await mergeAbandonedCartAtLogin(shopper, userId);
  const guestWishlistTaken = await mergeGuestWishlist(userId, shopper.guestWishlist);
  return { userId, sessionId, cartSession, guestWishlistTaken };
}

/**
 * A customer who registered while verification was on and has not opened the link yet
 * (an open verifyEmail token) cannot sign in; the link is mailed again. Accounts made
 * while verification was off have no such token and are not affected by turning it on.
 */
async function refuseUnconfirmed(userId: number, locale: Locale, origin: string, frontendUrl: string | null) {
  const db = await getDb();
  const [pending] = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(
      accountTokens,
      and(eq(accountTokens.userId, users.id), eq(accountTokens.purpose, "verifyEmail"), isNull(accountTokens.usedAt)),
    )
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .limit(1);
  if (!pending) return;
  await db.transaction((tx) => mailVerificationLink({ tx, userId, email: pending.email, locale, origin, frontendUrl }));
  wakeMailRelay();
  throw emailNotConfirmed();
}

/** Ends the server session; returns the cart session to end with it. */
export async function logOut(shopper: Shopper): Promise<{ cartSession: CartSessionChange }> {
  await closeSession(shopper.sessionId);
  return { cartSession: clearCartSessionAtLogout(shopper) };
}
