import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { loginFailures } from "~/.server/db/schema";
import { DomainError, isDomainError } from "~/.server/domain-error";

/**
 * Password guessing (decisions 0010 and 0033): failures are counted per account, from
 * every address together, in the database so that every shop process and every client
 * address sees the same count. MAX_FAILURES failed sign-ins within WINDOW_MINUTES lock the
 * account's sign-in for COOL_DOWN_MINUTES, right password or not; a success or a password
 * reset (the way back for a locked-out owner) clears the count. Both sign-in forms count on
 * the same row of the account; a failure at the backoffice sign-in (/adminLogin) locks from
 * the 5th on, one at the shop's from the 10th, and a lock closes both forms: a backoffice
 * account (which can sign in at either) gets at most 10 guesses a window, only 5 at its own
 * form. The count is kept for any address that is tried, known or not, so the lock does not
 * tell which addresses have accounts (docs/decisions/0033).
 * On top of this, the per-address request budget of rate-limit.server.ts
 * (RATE_LIMIT_AUTH_POINTS a minute) slows one address guessing across many accounts.
 */
export const LOGIN_LIMITS = {
  shop: { maxFailures: 10, windowMinutes: 15 },
  backoffice: { maxFailures: 5, windowMinutes: 15 },
} as const;
export type LoginScope = keyof typeof LOGIN_LIMITS;
export const COOL_DOWN_MINUTES = 15;
/** The customer sign-in's limit (kept for the tests and messages that name it). */
export const MAX_FAILURES = LOGIN_LIMITS.shop.maxFailures;

/** The row key of an account (known or not): a hash, so the table holds no e-mail addresses in clear. */
export function throttleKey(username: string): string {
  return createHash("sha256").update(`account|${username.trim().toLowerCase()}`).digest("hex");
}

export const lockedOut = () =>
  new DomainError("loginLockedOut", { message: "Too many failed sign-ins", key: "account.login.lockedOut", status: 429 });

/** Throws 429 while the key cools down; an ended cooling period starts a fresh count. */
export async function assertNotLockedOut(key: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ lockedUntil: loginFailures.lockedUntil }).from(loginFailures).where(eq(loginFailures.key, key));
  if (!row?.lockedUntil) return;
  if (row.lockedUntil > now) throw lockedOut();
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/**
 * Counts a failure in one statement (parallel tries all count). A failure after a quiet
 * window starts the count again; the scope's maximum within the window starts the lock.
 */
export async function recordLoginFailure(key: string, scope: LoginScope = "shop", now = new Date()): Promise<void> {
  const { maxFailures, windowMinutes } = LOGIN_LIMITS[scope];
  const db = await getDb();
  const lockUntil = new Date(now.getTime() + COOL_DOWN_MINUTES * 60_000).toISOString();
  const windowStart = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
  const count = sql`case when ${loginFailures.updatedAt} <= ${windowStart}::timestamptz then 1 else ${loginFailures.failures} + 1 end`;
  await db
    .insert(loginFailures)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: count,
        updatedAt: now,
        lockedUntil: sql`case when ${count} >= ${maxFailures} then ${lockUntil}::timestamptz else null end`,
      },
    });
}

export async function clearLoginFailures(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** A password reset by mail ends the account's lock (the way back in, decision 0033). */
export async function clearAccountLock(email: string): Promise<void> {
  await clearLoginFailures(throttleKey(email));
}

/**
 * Runs a sign-in check under the account's lock: refused while locked, a 401 counts as a
 * failure, a success clears the count unless `clearWhen` says the sign-in is not over yet
 * (a password right but a second factor still owed: its failed codes keep counting with the
 * password's, decision 0086).
 */
export async function throttled<T>(
  username: string,
  scope: LoginScope,
  check: () => Promise<T>,
  clearWhen: (result: T) => boolean | Promise<boolean> = () => true,
): Promise<T> {
  const key = throttleKey(username);
  await assertNotLockedOut(key);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (isDomainError(error) && error.status === 401) await recordLoginFailure(key, scope);
    throw error;
  }
  if (await clearWhen(result)) await clearLoginFailures(key);
  return result;
}
