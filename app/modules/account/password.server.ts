import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { hashPassword, verifyPassword } from "~/.server/auth/password.server";
import { endOtherSessions } from "~/.server/session.server";
import type { Locale } from "~/lib/locales";
import { mailPasswordResetLink } from "./account-mails.server";
import { consumeAccountToken } from "./account-tokens.server";
import { clearAccountLock } from "./login-throttle.server";
import { wakeMailRelay } from "~/modules/mail/mail.server";

/**
 * Passwords of customers (spec §7 User "password/reset {oldPassword, newPassword},
 * forgot, set"): the forgot-password mail, setting a new one by its link, and the
 * profile's change-password form. Setting or changing a password ends every other
 * session of the user, so a stolen session dies with the old password.
 */

/**
 * Mails a reset link when `email` belongs to a registered customer. The caller answers
 * the same either way, so the form does not tell which addresses have accounts.
 */
export async function requestPasswordReset(email: string, locale: Locale, origin: string): Promise<void> {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, SITE_ID), eq(users.email, email), eq(users.isGuest, false)));
  if (!user) return;
  await db.transaction((tx) => mailPasswordResetLink({ tx, userId: user.id, email, locale, origin }));
  wakeMailRelay();
}

/** Sets a new password by a reset link, once; false when the link is unknown, used or expired. */
export async function resetPassword(token: unknown, newPassword: string): Promise<boolean> {
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, "resetPassword", token);
    if (userId === null) return null;
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ id: users.id, email: users.email });
    return user ?? null;
  });
  if (!changed) return false;
  // The way back in for an owner locked out by someone guessing (decision 0033).
  await clearAccountLock(changed.email);
  await endOtherSessions(changed.id);
  return true;
}

/** Spec §8: 'Incorrect old password.' maps to core.notifications.inccorectOldPassword. */
export async function changePassword(userId: number, oldPassword: string, newPassword: string, keepSessionId: string): Promise<void> {
  const db = await getDb();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new DomainError("incorrectOldPassword", {
      message: "Incorrect old password.",
      key: "core.notifications.inccorectOldPassword",
      field: "oldPassword",
    });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, userId));
  await endOtherSessions(userId, keepSessionId);
}

/** A step that must be confirmed with the password (deleting the account): refused with the same field error otherwise. */
export async function confirmPassword(userId: number, password: string): Promise<void> {
  const db = await getDb();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new DomainError("incorrectPassword", { message: "Incorrect password.", key: "account.erase.wrongPassword", field: "password" });
  }
}
