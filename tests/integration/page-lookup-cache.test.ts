import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages } from "~/.server/db/schema";
import type * as Content from "~/modules/cms/page-content.server";
import type * as Drafts from "~/modules/editing/page-drafts.server";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, type StaffLogin } from "../setup/staff";

/**
 * The shoppers' page look-up is cached (pages.server.ts), and "no such page" can turn into a
 * page without any save clearing that cache: a post scheduled for later falls due, a draft
 * is published. Neither may answer 404 once it is live.
 */
let shop: Shop;
let content: typeof Content;
let drafts: typeof Drafts;
let editor: StaffLogin;

beforeAll(async () => {
  shop = await bootShop();
  content = await import("~/modules/cms/page-content.server");
  drafts = await import("~/modules/editing/page-drafts.server");
  editor = await createStaff(shop, "editor");
}, 120_000);
afterAll(() => shop?.close());

const status = async (path: string) => (await new Visitor(shop).get(path)).status;

describe("the page look-up cache never keeps a live page away", () => {
  it("serves a scheduled post as soon as it is due, though its address was asked for before", async () => {
    const db = await shop.db();
    const [post] = await db
      .insert(pages)
      .values({ siteId: 1, postType: "post", status: "published", publishedAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: pages.id });
    await content.savePageContent(editor, {
      pageId: post.id,
      languageCode: "hrv",
      expectedVersion: null,
      source: "create",
      content: { title: "Zakazana objava", slug: "zakazana-objava-test", metaDescription: "", bodyHtml: "<p>Uskoro</p>", components: [] },
    });
    expect(await status("/zakazana-objava-test")).toBe(404);
    // The hour passes: nothing is saved, so nothing clears a cache.
    await db
      .update(pages)
      .set({ publishedAt: new Date(Date.now() - 1_000) })
      .where(eq(pages.id, post.id));
    expect(await status("/zakazana-objava-test")).toBe(200);
  });

  it("serves a page made as a draft as soon as it is published from edit mode, also to shoppers who asked during the publish", async () => {
    const { pageId } = await content.createPage(editor, {
      postType: "page",
      languageCode: "hrv",
      title: "Nova stranica",
      slug: "nova-stranica-test",
      template: "blank",
      publish: false,
    });
    expect(await status("/nova-stranica-test")).toBe(404);
    const { revision } = await drafts.editPageDraft(editor, {
      pageId,
      languageCode: "hrv",
      revision: 0,
      edit: { texts: { title: "Nova stranica", metaDescription: "", bodyHtml: "<p>Objavljeno</p>" } },
    });
    // A shopper asks the moment the publish has cleared the page look-up cache (the cache
    // registry is shared by the build and this file: cache.server.ts keeps it on globalThis).
    const registry = (globalThis as { __shopCaches?: Map<string, { clearOwn?: () => Promise<void> }> }).__shopCaches;
    const lookup = registry?.get("pages");
    const clearOwn = lookup?.clearOwn;
    expect(clearOwn, "the page look-up cache is registered and clearable").toBeTypeOf("function");
    const seen: number[] = [];
    lookup!.clearOwn = async () => {
      await clearOwn!();
      seen.push(await status("/nova-stranica-test"));
    };
    try {
      await drafts.publishPageDraft(editor, { pageId, languageCode: "hrv", revision });
    } finally {
      lookup!.clearOwn = clearOwn;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(await status("/nova-stranica-test")).toBe(200);
  });
});
