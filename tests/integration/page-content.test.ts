// Both databases: the version check and history of the one write path.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, contentVersions, pages, pageTranslations } from "~/.server/db/schema";
import { isDomainError } from "~/.server/domain-error";
import { createPage, pageContentVersions, readPageContent, savePageContent } from "~/modules/cms/page-content.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { createStaff } from "../setup/staff";

/**
 * Decision 0056: the one write path of page text. The backoffice form and in-page Publish
 * both go through savePageContent, so its version check, sanitising, slug rule and history
 * hold for both.
 */
let shop: Shop;
let db: Database;
let staff: { id: number; email: string };
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const login = await createStaff(shop, "editor");
  staff = { id: login.id, email: login.email };
});
afterAll(() => shop.close());

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDomainError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, status: error.status, field: error.field };
}

describe("savePageContent", () => {
  it("writes a new version, keeps its snapshot and audit row, sanitises the body and shows at once", async () => {
    const { pageId } = await createPage(staff, {
      postType: "page",
      languageCode: "hrv",
      title: "Jamstvo",
      slug: "jamstvo-test",
      template: "text",
      publish: true,
    });
    const visitor = new Visitor(shop);
    expect(await (await visitor.request("/jamstvo-test")).text()).toContain("Jamstvo");

    const live = (await readPageContent(pageId, "hrv"))!;
    expect(live.version).toBe(1);
    const { version } = await savePageContent(staff, {
      pageId,
      languageCode: "hrv",
      content: { ...live.content, title: "Jamstvo 30 godina", bodyHtml: "<p>Do 30 godina<script>alert(1)</script></p>" },
      expectedVersion: 1,
      source: "form",
    });
    expect(version).toBe(2);
    const [row] = await db
      .select()
      .from(pageTranslations)
      .where(and(eq(pageTranslations.pageId, pageId), eq(pageTranslations.languageCode, "hrv")));
    expect(row.bodyHtml).toBe("<p>Do 30 godina</p>");
    expect((await pageContentVersions(pageId, "hrv")).map((v) => [v.version, v.source, v.createdByEmail])).toEqual([
      [2, "form", staff.email],
      [1, "create", staff.email],
    ]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "page"), eq(auditLog.entityId, pageId)));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "form"]);
    // The page cache was cleared: the shopper sees the new title on the next request.
    expect(await (await visitor.request("/jamstvo-test")).text()).toContain("Jamstvo 30 godina");
  });

  it("refuses a stale version (409) and changes nothing", async () => {
    const { pageId } = await createPage(staff, {
      postType: "page",
      languageCode: "hrv",
      title: "Servis",
      slug: "servis-test",
      template: "blank",
      publish: false,
    });
    const live = (await readPageContent(pageId, "hrv"))!;
    await savePageContent(staff, {
      pageId,
      languageCode: "hrv",
      content: { ...live.content, title: "Prvi" },
      expectedVersion: 1,
      source: "publish",
    });
    expect(
      await refusal(
        savePageContent(staff, {
          pageId,
          languageCode: "hrv",
          content: { ...live.content, title: "Drugi" },
          expectedVersion: 1,
          source: "form",
        }),
      ),
    ).toMatchObject({
      code: "staleEdit",
      status: 409,
    });
    expect((await readPageContent(pageId, "hrv"))!.content.title).toBe("Prvi");
    expect(await db.select().from(contentVersions).where(eq(contentVersions.entityId, pageId))).toHaveLength(2);
  });

  it("refuses a slug another page of the language uses, and createPage then leaves no page behind", async () => {
    const before = (await db.select({ id: pages.id }).from(pages)).length;
    expect(
      await refusal(
        createPage(staff, { postType: "page", languageCode: "hrv", title: "O nama 2", slug: "o-nama", template: "blank", publish: false }),
      ),
    ).toEqual({
      code: "slugTaken",
      status: 409,
      field: "slug",
    });
    expect((await db.select({ id: pages.id }).from(pages)).length).toBe(before);
  });

  it("creates a translation with no expected version, and refuses to create one that exists", async () => {
    const { pageId } = await createPage(staff, {
      postType: "page",
      languageCode: "hrv",
      title: "Montaža",
      slug: "montaza-test",
      template: "landing",
      publish: true,
    });
    const hr = (await readPageContent(pageId, "hrv"))!;
    expect(hr.content.components.map((c) => c.type)).toEqual(["hero", "text", "productSlider"]);
    await savePageContent(staff, {
      pageId,
      languageCode: "eng",
      content: { ...hr.content, title: "Installation", slug: "installation-test" },
      expectedVersion: null,
      source: "create",
    });
    expect(await (await new Visitor(shop).request("/en/installation-test")).text()).toContain("Installation");
    expect(
      await refusal(savePageContent(staff, { pageId, languageCode: "eng", content: hr.content, expectedVersion: null, source: "create" })),
    ).toMatchObject({ status: 409 });
  });
});
