import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * Blocked accounts (users.blocked_at, decision 0040; the backoffice's customer screen sets
 * it). A blocked customer's session already reads as signed out (getCurrentUser) and the
 * sign-in refuses them (auth.server.ts); these keep them from ordering as a guest with the
 * same e-mail. The message names no reason beyond "contact the shop".
 */
export const orderBlocked = () =>
  new DomainError("orderBlocked", { message: "Orders with this e-mail are blocked", key: "account.orderBlocked", status: 403 });

/** Whether `email` (any case) is the e-mail of a blocked account of this shop. */
export async function isEmailBlocked(executor: Executor, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, SITE_ID), eq(users.email, email.trim().toLowerCase()), isNotNull(users.blockedAt)))
    .limit(1);
  return row !== undefined;
}

/** Refuses an order (or the guest step before it) for the e-mail of a blocked account; nothing is written. */
export async function refuseBlockedEmail(executor: Executor, email: string): Promise<void> {
  if (await isEmailBlocked(executor, email)) throw orderBlocked();
}
