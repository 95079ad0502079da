import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages, pageTranslations } from "~/.server/db/schema";
import type * as Drafts from "~/modules/editing/page-drafts.server";
import type * as Preview from "~/modules/editing/draft-preview.server";
import type * as Content from "~/modules/cms/page-content.server";
import { Visitor } from "../setup/client";
import { signInAsCustomer } from "../setup/accounts";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff, type StaffLogin } from "../setup/staff";

/**
 * A draft's preview link (decision 0124): the editor makes it (editor scope, CSRF token),
 * anyone with it sees the draft (not the live text, not who changed it) with noindex and
 * no-store; a tampered link or a deleted page is a translated 404, an expired one a 410, a
 * published or discarded draft a 410 that leads to the live page.
 */
let shop: Shop;
let drafts: typeof Drafts;
let preview: typeof Preview;
let content: typeof Content;
let editor: StaffLogin;
let editorVisitor: Visitor;
let aboutId: number;

const LIVE_CTA = "Trebate novi krov?";
const DRAFT_CTA = "Krov za generacije – skica za odobrenje";

beforeAll(async () => {
  shop = await bootShop();
  drafts = await import("~/modules/editing/page-drafts.server");
  preview = await import("~/modules/editing/draft-preview.server");
  content = await import("~/modules/cms/page-content.server");
  editor = await createStaff(shop, "editor");
  editorVisitor = await signInAsStaff(new Visitor(shop), editor);
  const db = await shop.db();
  const [about] = await db
    .select({ id: pageTranslations.pageId })
    .from(pageTranslations)
    .where(and(eq(pageTranslations.slug, "o-nama"), eq(pageTranslations.languageCode, "hrv")));
  aboutId = about.id;
}, 120_000);
afterAll(() => shop?.close());

const hr = () => ({ pageId: aboutId, languageCode: "hrv" as const });

/** Starts a draft of "O nama" whose call-to-action says `title` (the live page keeps its own). */
async function draftWithCta(title: string) {
  const live = (await content.readPageContent(aboutId, "hrv"))!;
  const index = live.content.components.findIndex((c) => c.type === "cta");
  const current = await drafts.readPageDraft(hr());
  const cta = { ...(live.content.components[index] as Record<string, unknown> & { type: string }), title };
  return drafts.editPageDraft(editor, {
    ...hr(),
    revision: current?.info.revision ?? 0,
    edit: { sections: { op: "replace", index, component: cta } },
  });
}

/** The editor's post, as the toolbar's dialog makes it (a fetcher: the .data answer). */
const makeLink = (visitor: Visitor, fields: Record<string, string>, options = {}) =>
  visitor.post("/admin/edit/preview-link.data", fields, { tokenFrom: "/o-nama?editPage=true", ...options });

const pathOf = (url: string) => new URL(url).pathname;

describe("the preview link", () => {
  it("is made by an editor for the page's draft: an absolute link, valid for seven days", async () => {
    const { revision } = await draftWithCta(DRAFT_CTA);
    const response = await makeLink(editorVisitor, { pageId: String(aboutId), lng: "hrv" });
    expect(response.status).toBe(200);
    const body = await response.text();
    const url = /"(http:\/\/localhost:3000\/pregled\/[\w.-]+)"/.exec(body)?.[1];
    expect(url, body).toBeDefined();
    const expiresAt = /"(\d{4}-\d\d-\d\dT[\d:.]+Z)"/.exec(body)![1];
    expect(Math.abs(new Date(expiresAt).getTime() - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);

    // Anyone with the link, without signing in, sees the draft's text and the banner; not the live text, not who changed it.
    const { response: page, html } = await new Visitor(shop).page(pathOf(url!));
    expect(page.status).toBe(200);
    expect(html).toContain(DRAFT_CTA);
    expect(html).not.toContain(LIVE_CTA);
    expect(html).toContain("Pregled skice — nije objavljeno");
    expect(html).not.toContain(editor.email);
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // No editor: no toolbar's data, no edit-mode note, no editor's messages.
    expect(html).not.toContain("liveVersion");
    expect(html).not.toContain("edit-mode-note");
    expect(html).not.toContain("Uređivanje na stranici treba JavaScript");
    // The shoppers' page is still the live one.
    expect((await new Visitor(shop).page("/o-nama")).html).toContain(LIVE_CTA);

    // A later change of the same draft shows through the same link.
    await draftWithCta(`${DRAFT_CTA} 2`);
    expect((await new Visitor(shop).page(pathOf(url!))).html).toContain(`${DRAFT_CTA} 2`);
    await drafts.discardPageDraft({ ...hr(), revision: revision + 1 });
  });

  it("is refused to a user without the editor scope, to a customer, to a post without a CSRF token, and for a page without a draft", async () => {
    const { revision } = await draftWithCta(DRAFT_CTA);
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    const refused = await sales.post("/admin/edit/preview-link", { pageId: String(aboutId), lng: "hrv" }, { tokenFrom: "/" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("/pregled/");

    const customer = await signInAsCustomer(shop, new Visitor(shop));
    const sent = await customer.post("/admin/edit/preview-link", { pageId: String(aboutId), lng: "hrv" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toMatch(/adminLogin/);

    const forged = await makeLink(editorVisitor, { pageId: String(aboutId), lng: "hrv" }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toContain("/pregled/");

    const bad = await makeLink(editorVisitor, { pageId: "x", lng: "xx" });
    expect(bad.status).toBe(400);
    await bad.text();

    await drafts.discardPageDraft({ ...hr(), revision });
    const none = await makeLink(editorVisitor, { pageId: String(aboutId), lng: "hrv" });
    expect(none.status).toBe(409);
    expect(await none.text()).toContain("editing.errors.noDraft");
  });

  it("works without JavaScript: the screen's form posts and the answer shows the link", async () => {
    const { revision } = await draftWithCta(DRAFT_CTA);
    const screen = await editorVisitor.page(`/admin/edit/preview-link?pageId=${aboutId}&lng=hrv`);
    expect(screen.response.status).toBe(200);
    expect(screen.html).toContain("Napravi poveznicu");
    // Edit mode's no-JavaScript note leads there when the page has a draft.
    expect((await editorVisitor.page("/o-nama?editPage=true")).html).toContain(`/admin/edit/preview-link?pageId=${aboutId}&amp;lng=hrv`);
    // The screen's form posts to its own address (the page and the language in the query).
    expect(screen.html).toContain(`action="/admin/edit/preview-link?pageId=${aboutId}&amp;lng=hrv"`);
    const posted = await editorVisitor.post(
      `/admin/edit/preview-link?pageId=${aboutId}&lng=hrv`,
      { pageId: String(aboutId), lng: "hrv" },
      { tokenFrom: `/admin/edit/preview-link?pageId=${aboutId}&lng=hrv` },
    );
    const html = await posted.text();
    expect(posted.status, html.slice(0, 3000)).toBe(200);
    expect(html).toMatch(/value="http:\/\/localhost:3000\/pregled\/[\w.-]+"/);
    expect(html).toContain("Vrijedi do");
    await drafts.discardPageDraft({ ...hr(), revision });
  });
});

describe("a link that no longer shows a draft", () => {
  it("answers a tampered link with a translated 404", async () => {
    const { revision } = await draftWithCta(DRAFT_CTA);
    const { url } = await preview.makePreviewLink(hr());
    const path = pathOf(url);
    const tampered = path.replace(`/pregled/${aboutId}.`, `/pregled/${aboutId + 1}.`);
    for (const bad of [tampered, `${path}x`, "/pregled/nije-poveznica", "/en/preview/1.eng.1.1.x"]) {
      const { response, html } = await new Visitor(shop).page(bad);
      expect(response.status, bad).toBe(404);
      expect(html, bad).not.toContain(DRAFT_CTA);
      expect(response.headers.get("Cache-Control"), bad).toBe("private, no-store");
    }
    expect((await new Visitor(shop).page(tampered)).html).toContain("Poveznica za pregled nije valjana.");
    expect((await new Visitor(shop).page("/en/preview/nope")).html).toContain("This preview link is not valid.");
    await drafts.discardPageDraft({ ...hr(), revision });
  });

  it("answers an expired link with a translated 410", async () => {
    const { revision } = await draftWithCta(DRAFT_CTA);
    const { url, expiresAt } = await preview.makePreviewLink(hr(), new Date(Date.now() - 8 * 24 * 3600 * 1000));
    expect(expiresAt.getTime()).toBeLessThan(Date.now());
    const { response, html } = await new Visitor(shop).page(pathOf(url));
    expect(response.status).toBe(410);
    expect(html).toContain("Poveznica za pregled je istekla.");
    expect(html).not.toContain(DRAFT_CTA);
    await drafts.discardPageDraft({ ...hr(), revision });
  });

  it("says the draft was published or discarded (410) and leads to the live page; a new draft needs a new link", async () => {
    const first = await draftWithCta(DRAFT_CTA);
    const { url } = await preview.makePreviewLink(hr());
    await drafts.discardPageDraft({ ...hr(), revision: first.revision });
    const discarded = await new Visitor(shop).page(pathOf(url));
    expect(discarded.response.status).toBe(410);
    expect(discarded.html).toContain("Ova skica je objavljena ili odbačena.");
    expect(discarded.html).toMatch(/href="\/o-nama"[^>]*>Pogledajte objavljenu stranicu/);

    // A new draft of the same page is not what the owner was sent.
    const second = await draftWithCta(`${DRAFT_CTA} nova`);
    expect((await new Visitor(shop).page(pathOf(url))).response.status).toBe(410);
    const { url: secondUrl } = await preview.makePreviewLink(hr());
    const live = (await content.readPageContent(aboutId, "hrv"))!;
    await drafts.publishPageDraft(editor, { ...hr(), revision: second.revision });
    const published = await new Visitor(shop).page(pathOf(secondUrl));
    expect(published.response.status).toBe(410);
    expect(published.html).toContain("Ova skica je objavljena ili odbačena.");
    expect(published.html).toContain('href="/o-nama"');
    // The seeded page is given back as it was.
    const now = (await content.readPageContent(aboutId, "hrv"))!;
    await content.savePageContent(editor, { ...hr(), content: live.content, expectedVersion: now.version, source: "restore" });
  });

  it("answers a link of a deleted page with a 404, and leads an English link to the English site", async () => {
    const db = await shop.db();
    const [page] = await db.insert(pages).values({ siteId: 1, status: "draft" }).returning({ id: pages.id });
    for (const [languageCode, title] of [
      ["hrv", "Nova ponuda"],
      ["eng", "New offer"],
    ] as const) {
      await content.savePageContent(editor, {
        pageId: page.id,
        languageCode,
        expectedVersion: null,
        source: "create",
        content: { title, slug: `nova-ponuda-${languageCode}`, metaDescription: "", bodyHtml: "<p>Uvod</p>", components: [] },
      });
    }
    await drafts.editPageDraft(editor, {
      pageId: page.id,
      languageCode: "eng",
      revision: 0,
      edit: { texts: { title: "New offer", metaDescription: "", bodyHtml: "<p>Draft for the owner</p>" } },
    });
    const { url } = await preview.makePreviewLink({ pageId: page.id, languageCode: "eng" });
    expect(pathOf(url)).toMatch(/^\/en\/preview\//);
    const english = await new Visitor(shop).page(pathOf(url));
    expect(english.response.status).toBe(200);
    expect(english.html).toContain("Draft for the owner");
    expect(english.html).toContain("Draft preview — not published");
    // Opened under another language's address, it goes to its own.
    const croatian = await new Visitor(shop).get(pathOf(url).replace("/en/preview/", "/pregled/"));
    expect(croatian.status).toBe(302);
    expect(croatian.headers.get("Location")).toBe(pathOf(url));
    // The page deleted: its link names nothing.
    await db.delete(pages).where(eq(pages.id, page.id));
    const deleted = await new Visitor(shop).page(pathOf(url));
    expect(deleted.response.status).toBe(404);
    expect(deleted.html).toContain("This preview link is not valid.");
  });
});
