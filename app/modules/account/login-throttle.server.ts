import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { loginFailures } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";

/**
 * Brute-force protection of the customer sign-in (issue 5): after MAX_FAILURES
 * consecutive failures for one username from one client address, every further try is
 * refused with 429 for COOL_DOWN_MINUTES, right password or not. A success resets the
 * count. This comes on top of the per-address request budget of rate-limit.server.ts,
 * which cannot tell one account from another.
 */
export const MAX_FAILURES = 10;
export const COOL_DOWN_MINUTES = 15;

/** The row key: a hash, so the table holds no e-mail addresses or IPs in clear. */
export function throttleKey(username: string, clientIp: string): string {
  return createHash("sha256").update(`${username.trim().toLowerCase()}|${clientIp}`).digest("hex");
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

/** Counts a failure in one statement (parallel tries all count); the tenth starts the cooling period. */
export async function recordLoginFailure(key: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const lockUntil = new Date(now.getTime() + COOL_DOWN_MINUTES * 60_000);
  await db
    .insert(loginFailures)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`${loginFailures.failures} + 1`,
        updatedAt: now,
        lockedUntil: sql`case when ${loginFailures.failures} + 1 >= ${MAX_FAILURES} then ${lockUntil.toISOString()}::timestamptz else null end`,
      },
    });
}

export async function clearLoginFailures(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
