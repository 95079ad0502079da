import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import { failedRequests, media, options, termTranslations } from "~/.server/db/schema";
import type { ShopApiClient } from "../setup/api-client";
import { apiClient, documentedMismatch, dataOf as ok } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Spec §7 CMS reads over the headless API (decision 0060): the blog, pages,
 * 404 log, site options, page elements and navigations the HTML shop renders with.
 */
let shop: Shop;
let db: Database;
let hr: ShopApiClient;
let en: ShopApiClient;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  hr = await apiClient(shop);
  en = await apiClient(shop, { language: "en" });
});
afterAll(() => shop.close());

describe("blog terms", () => {
  it("lists terms in the language, by type, paginated or not", async () => {
    const all = ok(await en.call("cms.term.filter", { query: {} }));
    expect(all.records.map((t) => t.name)).toEqual(expect.arrayContaining(["Tips", "News", "Gutters"]));
    expect(await documentedMismatch(shop, "v1.cms.term.filter", 200, { data: all })).toEqual([]);
    const tags = ok(await hr.call("cms.term.filter", { query: { type: "tag" } }));
    expect(tags.records.every((t) => t.type === "tag")).toBe(true);
    const standard = ok(await hr.call("cms.term.filterStandard", { body: { termTypeTitles: ["category"], limit: 2 } }));
    expect(standard.records).toHaveLength(2);
    expect(standard.totalRecords).toBe(3);
    expect(standard.totalPages).toBe(2);
    expect(await documentedMismatch(shop, "v1.cms.term.filterStandard", 200, { data: standard })).toEqual([]);
    expect(ok(await hr.call("cms.term.filterStandard", { body: { noPaginate: true } })).records.length).toBe(6);
    expect((await hr.call("cms.term.filterStandard", { body: { limit: 101 } })).status).toBe(400);
  });

  it("reads a term by id and by slug (English, else the main Croatian slug); unknown is 404", async () => {
    const [row] = await db.select().from(termTranslations).where(eq(termTranslations.slug, "savjeti"));
    const byId = ok(await en.call("cms.term.get", { params: { id: String(row.termId) } }));
    expect(byId.term).toMatchObject({ id: row.termId, name: "Tips", type: "category" });
    expect(await documentedMismatch(shop, "v1.cms.term.get", 200, { data: byId })).toEqual([]);
    const bySlug = ok(await en.call("cms.term.getBySlug", { params: { slug: "tips" } }));
    expect(bySlug.term.id).toBe(row.termId);
    expect(bySlug.redirectTo).toBeNull();
    expect(await documentedMismatch(shop, "v1.cms.term.getBySlug", 200, { data: bySlug })).toEqual([]);
    const main = ok(await en.call("cms.term.getBySlug", { params: { slug: "savjeti" } }));
    expect(main.term.id).toBe(row.termId);
    expect(main.redirectTo).toContain("tips");
    expect((await hr.call("cms.term.get", { params: { id: "999999" } })).status).toBe(404);
    expect((await hr.call("cms.term.getBySlug", { params: { slug: "nema" } })).status).toBe(404);
  });
});

describe("POST cms/post/filterStandard", () => {
  it("lists published posts newest first, never drafts or scheduled ones", async () => {
    const data = ok(await hr.call("cms.post.filterStandard", { body: { postTypeSlugs: ["post"], display: "legacy" } }));
    expect(data.records.length).toBeGreaterThan(0);
    const titles = data.records.map((r) => r.title);
    expect(titles).not.toContain("Nacrt: zimska akcija");
    expect(titles).not.toContain("Najava: novi katalog 2027");
    const dates = data.records.map((r) => r.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await documentedMismatch(shop, "v1.cms.post.filterStandard", 200, { data })).toEqual([]);
  });

  it("filters by a term slug; an unknown term is 404", async () => {
    const data = ok(await en.call("cms.post.filterStandard", { body: { termSlugs: ["news"] } }));
    expect(data.totalRecords).toBeGreaterThan(0);
    expect((await hr.call("cms.post.filterStandard", { body: { termSlugs: ["nema-ga"] } })).status).toBe(404);
  });

  it("reads a published page by its English slug with its components; a draft or unknown one is 404", async () => {
    const data = ok(
      await en.call("cms.post.filterStandard", { body: { postTypeSlugs: ["page"], display: "components", filters: { slug: "about-us" } } }),
    );
    expect(data.cmsPage).toMatchObject({ postType: "page" });
    expect(data.cmsPage!.alternates.hr).toContain("o-nama");
    expect(await documentedMismatch(shop, "v1.cms.post.filterStandard", 200, { data })).toEqual([]);
    for (const slug of ["nema-stranice", "nacrt-zimska-akcija"]) {
      expect(
        (await hr.call("cms.post.filterStandard", { body: { postTypeSlugs: ["page", "post"], filters: { slug } } })).status,
        slug,
      ).toBe(404);
    }
  });
});

describe("redirects, options, elements, navigations", () => {
  it("logs a failed request, bounded to local paths", async () => {
    const data = ok(await hr.call("cms.redirect.addFailedRequest", { body: { path: "/nema-ove-stranice-api" } }));
    expect(data.redirect).toBeNull();
    expect(await documentedMismatch(shop, "v1.cms.redirect.addFailedRequest", 200, { data })).toEqual([]);
    const [row] = await db.select().from(failedRequests).where(eq(failedRequests.path, "/nema-ove-stranice-api"));
    expect(row).toBeDefined();
    for (const path of ["https://evil.example/x", "//evil.example", "/" + "a".repeat(600), ""]) {
      expect((await hr.call("cms.redirect.addFailedRequest", { body: { path } })).status, path.slice(0, 30)).toBe(400);
    }
  });

  it("gives the public options only, never other options", async () => {
    await db.insert(options).values({ siteId: 1, key: "SecretApiSetting", value: "s3cret" });
    await clearCache("site-config");
    const data = ok(await hr.call("cms.option.filter"));
    expect(data.options).toHaveProperty("HomePageSlug", "naslovna");
    expect(JSON.stringify(data.options)).not.toContain("s3cret");
    expect(data.options).not.toHaveProperty("SellerDetails");
    expect(await documentedMismatch(shop, "v1.cms.option.filter", 200, { data })).toEqual([]);
  });

  it("gives the header, footer and cookie elements", async () => {
    const data = ok(await en.call("cms.element.getByHandlers", { body: { handlers: ["header", "footer", "cookie"] } }));
    expect(Object.keys(data.elements).sort()).toEqual(["cookie", "footer", "header"]);
    expect(data.elements.footer).not.toBeNull();
    expect(await documentedMismatch(shop, "v1.cms.element.getByHandlers", 200, { data })).toEqual([]);
    expect((await hr.call("cms.element.getByHandlers", { body: { handlers: ["secret" as "header"] } })).status).toBe(400);
  });

  it("gives the main and footer navigations as trees; an unknown one is 404", async () => {
    const main = ok(await en.call("cms.navigation.tree", { params: { id: "main" } }));
    expect(main.items.length).toBeGreaterThan(0);
    expect(main.items.every((i) => i.href.startsWith("/en") || i.external)).toBe(true);
    expect(await documentedMismatch(shop, "v1.cms.navigation.tree", 200, { data: main })).toEqual([]);
    expect(ok(await hr.call("cms.navigation.tree", { params: { id: "footer1" } })).items.length).toBeGreaterThan(0);
    expect((await hr.call("cms.navigation.tree", { params: { id: "nope" } })).status).toBe(404);
  });
});

describe("media, post types and the finder", () => {
  it("lists public media only, never private files", async () => {
    await db.insert(media).values({
      driveId: randomUUID(),
      title: "Privatni račun",
      path: "private/racun.pdf",
      mime: "application/pdf",
      extension: "pdf",
      size: 10,
      hash: "0".repeat(64),
      access: "private",
      originalName: "racun.pdf",
    });
    const publicOne = randomUUID();
    await db.insert(media).values({
      driveId: publicOne,
      title: "Javna slika",
      path: "x/javna.jpg",
      mime: "image/jpeg",
      extension: "jpg",
      size: 10,
      hash: "1".repeat(64),
      access: "public",
      originalName: "javna.jpg",
      width: 10,
      height: 10,
      focalX: 30,
      focalY: 60,
    });
    const data = ok(await hr.call("cms.media.filterStandard", { body: { limit: 100 } }));
    const titles = data.records.map((r) => r.title);
    expect(titles).toContain("Javna slika");
    expect(titles).not.toContain("Privatni račun");
    expect(await documentedMismatch(shop, "v1.cms.media.filterStandard", 200, { data })).toEqual([]);
    const all = await db.select().from(media).where(eq(media.access, "private"));
    const byId = ok(await hr.call("cms.media.filterStandard", { body: { driveIds: [...all.map((m) => m.driveId), publicOne] } }));
    expect(byId.records.map((r) => r.driveId)).toEqual([publicOne]);
    // Where a front end that crops it keeps it in view (decision 0125).
    expect(byId.records[0].focalPoint).toEqual({ x: 30, y: 60 });
    expect((await hr.call("cms.media.filterStandard", { body: { limit: 101 } })).status).toBe(400);
  });

  it("lists the post types", async () => {
    const data = ok(await hr.call("cms.postType.filterStandard", { body: {} }));
    expect(data.postTypes.map((p) => p.slug)).toEqual(["page", "post"]);
    expect(await documentedMismatch(shop, "v1.cms.postType.filterStandard", 200, { data })).toEqual([]);
  });

  it("decides what a slug names, in the language; unknown and unpublished are 404", async () => {
    const page = ok(await en.call("cms.finder.decide", { query: { slug: "about-us" } }));
    expect(page).toMatchObject({ type: "page", redirectTo: null });
    expect(await documentedMismatch(shop, "v1.cms.finder.decide", 200, { data: page })).toEqual([]);
    expect(ok(await en.call("cms.finder.decide", { query: { slug: "trapezoidal-sheets" } })).type).toBe("category");
    expect(ok(await en.call("cms.finder.decide", { query: { slug: "tips" } })).type).toBe("term");
    const product = ok(await hr.call("product.web.filter", { body: { keywords: "Tegola", limit: 1 } })).records[0];
    expect(ok(await hr.call("cms.finder.decide", { query: { slug: product.slug } })).type).toBe("product");
    expect((await hr.call("cms.finder.decide", { query: { slug: product.slug, params: "page" } })).status).toBe(404);
    expect((await hr.call("cms.finder.decide", { query: { slug: "nacrt-zimska-akcija" } })).status).toBe(404);
    expect((await hr.call("cms.finder.decide", { query: { slug: "nema-toga" } })).status).toBe(404);
  });

  it("decides several slugs at once, leaving unknown ones out", async () => {
    const data = ok(await en.call("cms.finder.searchSlugs", { query: { slug: ["about-us", "tips", "nema-toga"] } }));
    expect(data.slugs.map((s) => [s.slug, s.type])).toEqual([
      ["about-us", "page"],
      ["tips", "term"],
    ]);
    expect(await documentedMismatch(shop, "v1.cms.finder.searchSlugs", 200, { data })).toEqual([]);
    expect((await hr.call("cms.finder.searchSlugs", { query: { slug: Array.from({ length: 21 }, (_, i) => `s${i}`) } })).status).toBe(400);
  });

  it("gives the URL of a page, category and term in another language (the language switch)", async () => {
    const page = ok(await en.call("cms.finder.getUrlOnLanguage", { body: { slug: "about-us", language: "hr" } }));
    expect(page.url).toBe("/o-nama");
    expect(await documentedMismatch(shop, "v1.cms.finder.getUrlOnLanguage", 200, { data: page })).toEqual([]);
    expect(ok(await hr.call("cms.finder.getUrlOnLanguage", { body: { slug: "trapezni-limovi", language: "en" } })).url).toContain(
      "trapezoidal-sheets",
    );
    expect(ok(await hr.call("cms.finder.getUrlOnLanguage", { body: { slug: "savjeti", language: "de", type: "term" } })).url).toContain(
      "tipps",
    );
    expect((await hr.call("cms.finder.getUrlOnLanguage", { body: { slug: "nema-toga", language: "en" } })).status).toBe(404);
  });
});
