import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { hashPassword } from "~/.server/auth/password.server";
import { consumeAccountToken } from "~/modules/account/account-tokens.server";
import { recordAudit } from "~/modules/kernel/audit.server";

/**
 * The invitee's side of a backoffice invitation (decision 0043): the mailed link sets the
 * first password, once. Null when the link is unknown, used or expired, or the user was
 * deactivated or has a password meanwhile; the page then says the link no longer works.
 * The user's trail gets the acceptance, by the invitee themself (invited → active).
 */
export async function acceptInvitation(token: unknown, password: string): Promise<number | null> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, "invite", token);
    if (userId === null) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.isBackofficeUser, true), isNull(users.blockedAt), isNull(users.passwordHash)))
      .returning({ id: users.id, email: users.email });
    if (!user) return null;
    await recordAudit(tx, user, {
      entity: "user",
      entityId: user.id,
      action: "accept",
      before: { status: "invited" },
      after: { status: "active" },
    });
    return user.id;
  });
}
