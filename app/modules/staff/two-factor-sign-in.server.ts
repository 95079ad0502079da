import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import type { SessionData } from "~/.server/session.server";
import { throttled } from "~/modules/account/login-throttle.server";
import { confirmEnrolment, twoFactorState, verifySecondFactor } from "./two-factor.server";

/**
 * The sign-in's second step (decision 0086). After the password the session holds only
 * `pendingSignIn` (who, where to, whether to enrol, until when); the code is checked under
 * the same per-account lock as the password, so failed codes count against it.
 */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

export type PendingSignIn = NonNullable<SessionData["pendingSignIn"]>;

export function livePendingSignIn(pending: SessionData["pendingSignIn"], now = Date.now()): PendingSignIn | null {
  return pending && pending.until > now ? pending : null;
}

/** The staff member a pending sign-in is for, while they are still an active backoffice user. */
async function pendingUser(userId: number) {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isBackofficeUser, true), isNull(users.blockedAt)));
  return user ?? null;
}

export type SecondStepResult = { method: "totp" | "recovery" | "enrolled"; recoveryLeft: number } | null;

/**
 * Checks the code of a pending sign-in: a TOTP or recovery code, or the first code of a
 * required enrolment. Null when the user can no longer sign in; throws the 401 of a wrong
 * code (counted) or the lock's 429.
 */
export async function completeSecondStep(pending: PendingSignIn, code: string): Promise<SecondStepResult> {
  const user = await pendingUser(pending.userId);
  if (!user) return null;
  const method = await throttled(user.email, "backoffice", async () => {
    if (!pending.enrol) return verifySecondFactor(user.id, code);
    await confirmEnrolment(user, code);
    return "enrolled" as const;
  });
  return { method, recoveryLeft: (await twoFactorState(user.id)).recoveryLeft };
}
