import { desc, eq, lt, notInArray, sql } from "drizzle-orm";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { getDb } from "~/.server/db/client.server";
import { failedRequests, redirects } from "~/.server/db/schema";
import { limiter } from "~/.server/http/rate-limit.server";
import { localPath } from "~/lib/local-path";

/**
 * The 404 log is written by anyone (every unknown page, and the API's addFailedRequest), so
 * it is bounded (decision 0084): a path not yet in the log is added only while the log holds
 * fewer than FAILED_REQUESTS_MAX_ROWS rows and its sender (address, or API key) has added
 * fewer than FAILED_REQUESTS_NEW_PER_MINUTE paths this minute; a path already there only
 * counts a hit. The housekeeping deletes rows unseen for FAILED_REQUESTS_MAX_AGE_DAYS and
 * trims the log to its cap, keeping the most recently seen.
 */
export const FAILED_REQUESTS_MAX_ROWS = 5_000;
export const FAILED_REQUESTS_NEW_PER_MINUTE = 20;
export const FAILED_REQUESTS_MAX_AGE_DAYS = 90;

let recorders: Promise<RateLimiterAbstract> | undefined;

/** Whether this sender may add another path to the log this minute. */
async function mayAdd(sender: string): Promise<boolean> {
  recorders ??= limiter("rl:failed-requests", FAILED_REQUESTS_NEW_PER_MINUTE);
  try {
    await (await recorders).consume(sender);
    return true;
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    return false;
  }
}

/** The sender of a page request: its client address (server.ts's load context). */
export const senderOf = (context: { clientAddress?: unknown }) =>
  typeof context.clientAddress === "string" ? `address:${context.clientAddress}` : "unknown";

/**
 * An unknown slug: answered by a configured redirect if one exists, else recorded
 * (addFailedRequest semantics, spec §7) so an editor can add one. Returns the redirect
 * target or null. `sender` names who asked (an address, an API key) for the log's throttle.
 */
export async function handleUnknownPath(path: string, sender = "unknown"): Promise<{ to: string; status: number } | null> {
  const db = await getDb();
  const [hit] = await db.select().from(redirects).where(eq(redirects.fromPath, path));
  // Encoded again on the way out: a row stored before targets were encoded (`/kategorija/čavli`)
  // would otherwise make an invalid Location header, a 500 on every visit.
  if (hit) return { to: localPath(hit.toPath, "/"), status: hit.status };
  const logged = path.slice(0, 500);
  const seen = await db
    .update(failedRequests)
    .set({ hits: sql`${failedRequests.hits} + 1`, lastSeenAt: new Date() })
    .where(eq(failedRequests.path, logged))
    .returning({ id: failedRequests.id });
  if (seen.length || !(await mayAdd(sender))) return null;
  // Added only below the cap, in one statement (a path added meanwhile just counts a hit).
  await db.execute(sql`
    insert into ${failedRequests} (path)
    select ${logged} where (select count(*) from ${failedRequests}) < ${FAILED_REQUESTS_MAX_ROWS}
    on conflict (path) do update set hits = ${failedRequests.hits} + 1, last_seen_at = now()`);
  return null;
}

/** Housekeeping: rows unseen for FAILED_REQUESTS_MAX_AGE_DAYS go, then all but the newest FAILED_REQUESTS_MAX_ROWS. */
export async function purgeFailedRequests(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - FAILED_REQUESTS_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);
  const old = await db.delete(failedRequests).where(lt(failedRequests.lastSeenAt, cutoff)).returning({ id: failedRequests.id });
  const kept = db
    .select({ id: failedRequests.id })
    .from(failedRequests)
    .orderBy(desc(failedRequests.lastSeenAt), desc(failedRequests.id))
    .limit(FAILED_REQUESTS_MAX_ROWS);
  const over = await db.delete(failedRequests).where(notInArray(failedRequests.id, kept)).returning({ id: failedRequests.id });
  return old.length + over.length;
}
