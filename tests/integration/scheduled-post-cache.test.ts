import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client.server";
import { eq } from "drizzle-orm";
import { pages, users } from "~/.server/db/schema";
import type * as Content from "~/modules/cms/page-content.server";
import type * as CacheImpact from "~/modules/kernel/cache-impact.server";
import { startCachingServer } from "../setup/caching-server";

/**
 * A post scheduled for later goes live by the clock alone. Behind the rendered-page cache
 * (decision 0008) the blog list and the post's own page must become visible at the same
 * moment: a list rendered before the moment may not outlive it while the post already
 * answers, nor may the list link to a post that still answers 404.
 */
let base: string;
let close: () => void;
let content: typeof Content;
let cacheImpact: typeof CacheImpact;

beforeAll(async () => {
  ({ base, close } = await startCachingServer());
  content = await import("~/modules/cms/page-content.server");
  cacheImpact = await import("~/modules/kernel/cache-impact.server");
}, 120_000);
afterAll(() => close?.());

const SLUG = "zakazana-objava-cache";
const listed = async () => (await (await fetch(`${base}/objave`)).text()).includes(`href="/${SLUG}"`);
const served = async () => {
  const response = await fetch(`${base}/${SLUG}`);
  await response.arrayBuffer();
  return response.status === 200;
};

describe("a scheduled post behind the rendered-page cache", () => {
  it("is listed exactly when its page answers, from the moment it falls due", async () => {
    const db = await getDb();
    const [post] = await db
      .insert(pages)
      .values({ siteId: 1, postType: "post", status: "published", publishedAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: pages.id });
    const [staff] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, "admin@alu-krov.hr"));
    await content.savePageContent(staff, {
      pageId: post.id,
      languageCode: "hrv",
      expectedVersion: null,
      source: "create",
      content: { title: "Zakazana objava", slug: SLUG, metaDescription: "", bodyHtml: "<p>Uskoro</p>", components: [] },
    });
    // Before the moment: the list is rendered (and kept) without it; its page is a 404.
    expect(await listed()).toBe(false);
    const second = await fetch(`${base}/objave`);
    await second.arrayBuffer();
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(await served()).toBe(false);

    // Brought forward to a moment just ahead and saved as the post's settings form saves
    // (savePageSettings: the row, then dataChanged("page")); the form itself picks whole minutes.
    const dueAt = new Date(Date.now() + 3_000);
    await db.update(pages).set({ publishedAt: dueAt }).where(eq(pages.id, post.id));
    await cacheImpact.dataChanged("page");
    // The list is rendered (and kept) again before the moment: from then on only the clock can clear it.
    expect(await listed()).toBe(false);

    // Then both show it from its moment on: asked for within a moment of each other, not a cache
    // lifetime apart (each time is when the request that first showed it was sent).
    const deadline = Date.now() + 30_000;
    let pageAt: number | null = null;
    let listAt: number | null = null;
    while (pageAt === null || listAt === null) {
      expect(Date.now(), "the post did not go live on both").toBeLessThan(deadline);
      let sent = Date.now();
      if (pageAt === null && (await served())) pageAt = sent;
      sent = Date.now();
      if (listAt === null && (await listed())) listAt = sent;
      if (pageAt === null || listAt === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Math.abs(pageAt - listAt), "the list and the page went live apart").toBeLessThan(1_000);
    expect(Math.max(pageAt, listAt) - dueAt.getTime(), "it went live late").toBeLessThan(5_000);
  });
});
