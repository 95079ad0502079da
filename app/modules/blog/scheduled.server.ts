import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { pages } from "~/.server/db/schema";
import { dataChanged, onDataChanged } from "~/modules/kernel/cache-impact.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * A page or post scheduled for later becomes live by the clock alone: no save tells the
 * caches. The lists (blog, post-list sections, the home) and the page itself decide "live"
 * with the same rule (published_at <= now()), but a list rendered before the moment stays in
 * the rendered-page cache after it while the post's own page (a 404 is never kept) already
 * answers: for up to a minute they disagreed. So every read that decides what is live arms a
 * timer for the next scheduled moment, at which the pages' caches are cleared as any save
 * would (dataChanged("page")): from that moment the list and the page are rendered anew, together.
 * The delay is measured by the database's clock, the one the rule reads.
 *
 * These reads are on the hot path of every uncached page and list (signed-in customers,
 * cache misses), so they ask the database at most once a minute. What can bring a moment
 * closer is a save, and every save of a page or post says so (dataChanged("page")): that asks
 * at once, in the saving process, so the timer is armed before the save returns. The reads'
 * once-a-minute question remains for the other processes sharing Redis and for changes made
 * outside the services; an editor picks a publish time to the minute.
 */
const g = globalThis as unknown as {
  __shopScheduledClear?: { at: number; timer: ReturnType<typeof setTimeout> };
  __shopScheduledAsked?: number;
};
const MAX_DELAY_MS = 6 * 60 * 60 * 1000; // re-armed from then on; setTimeout's own limit is ~24.8 days
const ASK_EVERY_MS = 60_000;

/** For the reads that decide what is live: asks the database when a minute has passed since it last did. */
export async function armScheduledContent(): Promise<void> {
  const now = Date.now();
  if (g.__shopScheduledAsked !== undefined && now - g.__shopScheduledAsked < ASK_EVERY_MS) return;
  await askForNextMoment(now);
}

// Every save of pages and posts, and the timer's own clear: the next scheduled moment may have
// moved (a publish time saved, a post unpublished, the moment reached).
onDataChanged("scheduled-content", (kinds) => (kinds.includes("page") ? askForNextMoment(Date.now()) : undefined));

async function askForNextMoment(now: number): Promise<void> {
  g.__shopScheduledAsked = now;
  const db = await getDb();
  const [row] = await db
    .select({ inMs: sql<string | null>`extract(epoch from min(${pages.publishedAt}) - now()) * 1000` })
    .from(pages)
    .where(and(eq(pages.siteId, SITE_ID), eq(pages.status, "published"), gt(pages.publishedAt, sql`now()`)));
  if (row?.inMs === null || row?.inMs === undefined) return;
  // A little after the moment: a timer may fire a millisecond early, and the rule must hold by then.
  const delay = Math.max(0, Math.ceil(Number(row.inMs))) + 25;
  const at = Date.now() + delay;
  const armed = g.__shopScheduledClear;
  // Another read armed it for the same moment or an earlier one (a tolerance for the clocks' reading).
  if (armed && armed.at <= at + 5) return;
  if (armed) clearTimeout(armed.timer);
  const timer = setTimeout(
    () => {
      g.__shopScheduledClear = undefined;
      // The change listener above arms the timer for the next moment.
      void dataChanged("page").catch((error: unknown) => console.error("Clearing the page caches for scheduled content failed", error));
    },
    Math.min(delay, MAX_DELAY_MS),
  );
  timer.unref?.();
  g.__shopScheduledClear = { at: delay > MAX_DELAY_MS ? Date.now() + MAX_DELAY_MS : at, timer };
}
