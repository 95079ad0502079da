// Both databases: what a page look-up costs the database, counted in statements, is the same on either driver.
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/.server/db/client.server";
import { listPosts } from "~/modules/blog/blog.server";
import { getPageBySlug } from "~/modules/cms/pages.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { statementsDuring } from "../setup/query-count";

/**
 * Reads that decide what is live (a page look-up, the blog list) keep a timer for the next
 * scheduled post (app/modules/blog/scheduled.server.ts). They are on the hot path of every
 * uncached page, so they ask the database for that moment at most once a minute; a save of
 * pages or posts asks at once.
 */
const asksForScheduled = (statements: string[]) => statements.filter((sql) => /extract\(epoch from min\(/i.test(sql)).length;

afterAll(() => void vi.useRealTimers());

describe("the question for the next scheduled post", () => {
  it("is asked once a minute by reads, and at once after a save", async () => {
    const db = await getDb();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 }); // whatever asked before, a minute ago

    // "No such page" is never kept: every look-up of one reads the database.
    const first = await statementsDuring(db, () => getPageBySlug("nema-takve-stranice-1", "hr"));
    expect(asksForScheduled(first)).toBe(1);

    vi.setSystemTime(Date.now() + 30_000);
    const second = await statementsDuring(db, () => getPageBySlug("nema-takve-stranice-2", "hr"));
    expect(second.length, "the look-up read the database").toBeGreaterThan(0);
    expect(asksForScheduled(second)).toBe(0);
    const list = await statementsDuring(db, () => listPosts("hr", { page: 1 }));
    expect(list.length).toBeGreaterThan(0);
    expect(asksForScheduled(list)).toBe(0);

    // A save of a page or post (its publish time may have moved) asks at once.
    expect(asksForScheduled(await statementsDuring(db, () => dataChanged("page")))).toBe(1);
    expect(asksForScheduled(await statementsDuring(db, () => dataChanged("product")))).toBe(0);
    expect(asksForScheduled(await statementsDuring(db, () => getPageBySlug("nema-takve-stranice-3", "hr")))).toBe(0);

    vi.setSystemTime(Date.now() + 61_000);
    expect(asksForScheduled(await statementsDuring(db, () => getPageBySlug("nema-takve-stranice-4", "hr")))).toBe(1);
  });
});
