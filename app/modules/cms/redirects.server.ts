import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { failedRequests, redirects } from "~/.server/db/schema";
import { localPath } from "~/lib/local-path";

/**
 * An unknown slug: answered by a configured redirect if one exists, else recorded
 * (addFailedRequest semantics, spec §7) so an editor can add one. Returns the redirect
 * target or null.
 */
export async function handleUnknownPath(path: string): Promise<{ to: string; status: number } | null> {
  const db = await getDb();
  const [hit] = await db.select().from(redirects).where(eq(redirects.fromPath, path));
  // Encoded again on the way out: a row stored before targets were encoded (`/kategorija/čavli`)
  // would otherwise make an invalid Location header, a 500 on every visit.
  if (hit) return { to: localPath(hit.toPath, "/"), status: hit.status };
  await db
    .insert(failedRequests)
    .values({ path: path.slice(0, 500) })
    .onConflictDoUpdate({ target: failedRequests.path, set: { hits: sql`${failedRequests.hits} + 1`, lastSeenAt: new Date() } });
  return null;
}
