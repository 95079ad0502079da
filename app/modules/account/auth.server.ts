import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { hashPassword, verifyPassword } from "~/.server/auth/password.server";

// Verifying against a fixed hash when the user is unknown keeps the answer time the same,
// so timing does not tell which e-mail addresses have accounts.
let dummyHash: Promise<string> | undefined;

/**
 * A blocked customer or a deactivated backoffice user (users.blocked_at, decisions 0040 and 0043): no
 * session for them at /prijava or /adminLogin. 403, so the sign-in lock does not count it.
 */
export const accountBlocked = () =>
  new DomainError("accountBlocked", { message: "This account is blocked", key: "account.login.blocked", status: 403 });

/** Checks an e-mail and password; the spec's one message for every failure (spec §8). */
export async function authenticate(email: string, password: string) {
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isBackofficeUser: users.isBackofficeUser,
      scope: users.scope,
      isGuest: users.isGuest,
      blockedAt: users.blockedAt,
    })
    .from(users)
    .where(and(eq(users.siteId, SITE_ID), eq(users.email, email.trim().toLowerCase())));
  dummyHash ??= hashPassword("not-a-real-password");
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || user.isGuest || !ok) {
    throw new DomainError("unknownUserOrPassword", {
      message: "Unknown username or password!",
      key: "core.notifications.unknowUserOrPassword",
      status: 401,
    });
  }
  // Told only to whoever knows the password, so the message does not reveal which accounts are blocked.
  if (user.blockedAt) throw accountBlocked();
  return { id: user.id, isBackofficeUser: user.isBackofficeUser, scope: user.scope };
}
