// Both databases: each write locks its row, checks its version and writes its audit row in one transaction.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShopClient, type ShopClient } from "@alu-krov/api-client";
import type { Database } from "~/.server/db/client.server";
import { auditLog, media, pages, pageTranslations } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_EDITOR, DEMO_SALES } from "~/.server/db/seed/users.server";
import { API_ORIGIN, apiKeyFor, documentedMismatch, handlerFetch } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Spec §7's CMS writes for the backoffice over the API (decision 0130): an editor's token
 * makes the change the content screens make (their services: version check, audit row,
 * caches), shoppers see it at once through the public reads, and a token without the
 * editor's scope, a customer's or none changes nothing.
 */
let shop: Shop;
let db: Database;
let key: string;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  key = (await apiKeyFor("staff-writes")).token;
});
afterAll(() => shop.close());

async function clientOf(who?: { email: string; password: string }): Promise<ShopClient> {
  const client = createShopClient({ baseUrl: API_ORIGIN, apiKey: key, fetch: handlerFetch(shop) });
  if (who) await client.signIn(who.email, who.password);
  return client;
}

const lastAudit = async (entity: string, entityId: number) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

/** The public read of one published page or post by slug (a shopper's view). */
async function shopperReads(slug: string) {
  const reader = await clientOf();
  return reader.POST("/api/v1/cms/post/filterStandard", { body: { postTypeSlugs: ["page", "post"], filters: { slug } } });
}

describe("posts and pages", () => {
  it("an editor creates a post, writes its text, publishes it and adds a language; shoppers see it, the audit log names the editor", async () => {
    const editor = await clientOf(DEMO_EDITOR);
    const created = await editor.POST("/api/v1/cms/post/create", { body: { title: "Nova hala u Sesvetama", slug: "nova-hala-sesvete" } });
    expect(created.data?.data).toMatchObject({ postType: "post", status: "draft", publishedAt: null, textVersion: 1 });
    expect(await documentedMismatch(shop, "v1.cms.post.create", 200, created.data)).toEqual([]);
    const id = created.data!.data.id;
    expect(await lastAudit("page", id)).toMatchObject({ action: "create", actorEmail: DEMO_EDITOR.email });
    expect((await shopperReads("nova-hala-sesvete")).response.status).toBe(404);

    const text = {
      language: "hr" as const,
      version: 1,
      title: "Nova hala u Sesvetama",
      slug: "nova-hala-sesvete",
      metaDescription: "Krov od sendvič panela",
      bodyHtml: "<p>Hala od 1200 m² pokrivena panelima.</p><script>alert(1)</script>",
    };
    const saved = await editor.PATCH("/api/v1/cms/post/update/{id}", { params: { path: { id: String(id) } }, body: text });
    expect(saved.data?.data).toEqual({ id, language: "hr", textVersion: 2 });
    expect(await documentedMismatch(shop, "v1.cms.post.update", 200, saved.data)).toEqual([]);
    // The version it was made on has moved on: refused, nothing overwritten.
    const stale = await editor.PATCH("/api/v1/cms/post/update/{id}", {
      params: { path: { id: String(id) } },
      body: { ...text, title: "Stari naslov" },
    });
    expect([stale.response.status, stale.error?.message]).toEqual([409, "The record was changed by someone else"]);
    // Every field the form posts is required: a left-out body is refused, not saved empty.
    const { bodyHtml: _left, ...withoutBody } = text;
    const partial = await editor.PATCH("/api/v1/cms/post/update/{id}", {
      params: { path: { id: String(id) } },
      body: { ...withoutBody, version: 2 } as typeof text,
    });
    expect(partial.response.status).toBe(400);
    const [row] = await db
      .select()
      .from(pageTranslations)
      .where(and(eq(pageTranslations.pageId, id), eq(pageTranslations.languageCode, "hrv")));
    expect([row.title, row.version, row.bodyHtml]).toEqual(["Nova hala u Sesvetama", 2, "<p>Hala od 1200 m² pokrivena panelima.</p>"]);

    const [draft] = await db.select().from(pages).where(eq(pages.id, id));
    const published = await editor.PATCH("/api/v1/cms/post/settings/{id}", {
      params: { path: { id: String(id) } },
      body: { version: draft.version, status: "published", imageId: null, authorId: null, termIds: [] },
    });
    expect(published.data?.data).toMatchObject({ id, status: "published", version: draft.version + 1 });
    expect(await documentedMismatch(shop, "v1.cms.post.settings", 200, published.data)).toEqual([]);
    expect(await lastAudit("post", id)).toMatchObject({ action: "settings", actorEmail: DEMO_EDITOR.email });
    const read = await shopperReads("nova-hala-sesvete");
    expect(read.data?.data.cmsPage).toMatchObject({
      title: "Nova hala u Sesvetama",
      bodyHtml: "<p>Hala od 1200 m² pokrivena panelima.</p>",
    });

    const translated = await editor.POST("/api/v1/cms/link/{slug}/createTranslationFromOriginal", {
      params: { path: { slug: "nova-hala-sesvete" } },
      body: { language: "en" },
    });
    expect(translated.data?.data).toEqual({ id, language: "en" });
    const english = await db
      .select({ title: pageTranslations.title })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.pageId, id), eq(pageTranslations.languageCode, "eng")));
    expect(english).toEqual([{ title: "Nova hala u Sesvetama" }]);
    const again = await editor.POST("/api/v1/cms/link/{slug}/createTranslationFromOriginal", {
      params: { path: { slug: "nova-hala-sesvete" } },
      body: { language: "en" },
    });
    expect([again.response.status, again.error?.message]).toEqual([409, "Already translated"]);
    const unknown = await editor.POST("/api/v1/cms/link/{slug}/createTranslationFromOriginal", {
      params: { path: { slug: "nema-takve" } },
      body: { language: "de" },
    });
    expect(unknown.response.status).toBe(404);
  });

  it("refuses a token without the editor's scope, a customer's and none, and changes nothing", async () => {
    const before = await db.$count(pages);
    const body = { title: "Ne smije", slug: "ne-smije" };
    const [sales, customer, anonymous] = await Promise.all([clientOf(DEMO_SALES), clientOf(DEMO_CUSTOMER), clientOf()]);
    expect((await sales.POST("/api/v1/cms/post/create", { body })).response.status).toBe(403);
    expect((await customer.POST("/api/v1/cms/post/create", { body })).response.status).toBe(403);
    expect((await anonymous.POST("/api/v1/cms/post/create", { body })).response.status).toBe(401);
    expect(await db.$count(pages)).toBe(before);
    // The admin reaches every screen, this one too.
    const admin = await clientOf(DEMO_ADMIN);
    const made = await admin.POST("/api/v2/cms/post/create", {
      body: { ...body, slug: "admin-smije", postType: "page", template: "text" },
    });
    expect(made.data?.data).toMatchObject({ postType: "page", status: "draft" });
  });
});

describe("media", () => {
  it("an editor changes a picture's texts and focal point by its driveId; shoppers see the new texts; others are refused", async () => {
    const [picture] = await db
      .select()
      .from(media)
      .where(and(eq(media.origin, "library"), eq(media.access, "public")))
      .orderBy(media.id)
      .limit(1);
    const body = {
      revision: picture.revision,
      access: "public" as const,
      folderId: picture.folderId,
      texts: {
        hr: { title: "Krov hale, pogled s juga", alt: "Krov hale" },
        en: { title: "Hall roof from the south", alt: "Hall roof" },
        de: {},
      },
      focalX: 30,
      focalY: 70,
    };
    const path = { params: { path: { id: picture.driveId } } };
    for (const who of [DEMO_SALES, DEMO_CUSTOMER]) {
      expect((await (await clientOf(who)).PATCH("/api/v1/cms/media/update/{id}", { ...path, body })).response.status).toBe(403);
    }
    const editor = await clientOf(DEMO_EDITOR);
    const saved = await editor.PATCH("/api/v1/cms/media/update/{id}", { ...path, body });
    expect(saved.data?.data).toMatchObject({
      driveId: picture.driveId,
      revision: picture.revision + 1,
      titles: { hr: "Krov hale, pogled s juga", en: "Hall roof from the south" },
      focalPoint: { x: 30, y: 70 },
    });
    expect(await documentedMismatch(shop, "v1.cms.media.update", 200, saved.data)).toEqual([]);
    expect(await lastAudit("media", picture.id)).toMatchObject({ action: "update", actorEmail: DEMO_EDITOR.email });

    const shopper = await clientOf();
    shopper.setLanguage("en");
    const listed = await shopper.POST("/api/v1/cms/media/filterStandard", { body: { driveIds: [picture.driveId] } });
    // The public reference names a picture by its Croatian title and describes it in the language.
    expect(listed.data?.data.records[0]).toMatchObject({
      title: "Krov hale, pogled s juga",
      alt: "Hall roof",
      focalPoint: { x: 30, y: 70 },
    });

    const stale = await editor.PATCH("/api/v1/cms/media/update/{id}", { ...path, body });
    expect([stale.response.status, stale.error?.message]).toEqual([409, "The record was changed by someone else"]);
    const missing = await editor.PATCH("/api/v1/cms/media/update/{id}", {
      params: { path: { id: "00000000-0000-4000-8000-000000000000" } },
      body,
    });
    expect([missing.response.status, missing.error?.message]).toEqual([404, "Media not found"]);
  });
});
