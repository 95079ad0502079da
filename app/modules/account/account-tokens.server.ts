import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { accountTokens, type AccountTokenPurpose } from "~/.server/db/schema";

/** How long a mailed link works. */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  verifyEmail: 48 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
  // A backoffice invitation's set-password link (decision 0043).
  invite: 72 * 60 * 60 * 1000,
};

// base64url of 32 random bytes; anything else cannot be a token and is not looked up.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new token for `purpose`; earlier unused ones of the same purpose stop working, so
 * only the latest mail's link counts. Only the hash is stored.
 */
export async function issueAccountToken(tx: Executor, userId: number, purpose: AccountTokenPurpose, now = new Date()): Promise<string> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  const token = randomBytes(32).toString("base64url");
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

const usable = (purpose: AccountTokenPurpose, token: string) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
  );

/** Whether a token would work, without using it (the reset page shows its form only then). */
export async function peekAccountToken(purpose: AccountTokenPurpose, token: unknown): Promise<boolean> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return false;
  const db = await getDb();
  const [row] = await db.select({ id: accountTokens.id }).from(accountTokens).where(usable(purpose, token));
  return Boolean(row);
}

/**
 * Uses a token once: one UPDATE marks it used and returns its user, so two requests with
 * the same link cannot both succeed. Unknown, used or expired: null.
 */
export async function consumeAccountToken(tx: Executor, purpose: AccountTokenPurpose, token: unknown): Promise<number | null> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(usable(purpose, token))
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}
