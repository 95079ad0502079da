// Both databases: two editors and the version check of the one write path.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentDrafts, pages, pageTranslations } from "~/.server/db/schema";
import { SERVICE_ROUTES } from "~/lib/route-files";
import type * as Drafts from "~/modules/editing/page-drafts.server";
import type * as Content from "~/modules/cms/page-content.server";
import { Visitor } from "../setup/client";
import { signInAsCustomer } from "../setup/accounts";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff, type StaffLogin } from "../setup/staff";

/**
 * In-page editing (decisions 0051 and 0056): drafts seen only in edit mode, publish
 * and restore through the one write path, two editors never overwriting each other
 * silently (409s naming who), the translation from the Croatian original, and nobody but
 * an editor reaching an edit action or edit-mode data.
 */
let shop: Shop;
let drafts: typeof Drafts;
let content: typeof Content;
let editor: StaffLogin;
let other: StaffLogin;
let editorVisitor: Visitor;
let homeId: number;

beforeAll(async () => {
  shop = await bootShop();
  drafts = await import("~/modules/editing/page-drafts.server");
  content = await import("~/modules/cms/page-content.server");
  editor = await createStaff(shop, "editor");
  other = await createStaff(shop, "editor");
  editorVisitor = await signInAsStaff(new Visitor(shop), editor);
  const db = await shop.db();
  const [home] = await db
    .select({ id: pageTranslations.pageId })
    .from(pageTranslations)
    .where(and(eq(pageTranslations.slug, "naslovna"), eq(pageTranslations.languageCode, "hrv")));
  homeId = home.id;
}, 120_000);
afterAll(() => shop?.close());

const hr = () => ({ pageId: homeId, languageCode: "hrv" });
const heroTitle = async () => ((await content.readPageContent(homeId, "hrv"))!.content.components[0] as { title: string }).title;
const replaceHero = (title: string) => ({
  sections: { op: "replace" as const, index: 0, component: { type: "hero", title, text: "", image: null, cta: null } },
});

describe("the home hero is content", () => {
  it("is the home page's first component, seeded with the site name, and rendered as its h1", async () => {
    expect(await heroTitle()).toBe("Alu Krov d.o.o.");
    const { html } = await new Visitor(shop).page("/");
    expect(html).toMatch(/data-testid="home"[^>]*>\s*<div[^>]*><h1[^>]*>Alu Krov d\.o\.o\.<\/h1>/);
  });
});

describe("drafts, publish and restore (the service)", () => {
  it("keeps a draft out of the shoppers' page until it is published, then shows it at once", async () => {
    const { revision } = await drafts.editPageDraft(editor, { ...hr(), revision: 0, edit: replaceHero("Skica naslova") });
    expect(revision).toBe(1);
    expect(await heroTitle()).toBe("Alu Krov d.o.o.");
    expect((await new Visitor(shop).page("/")).html).not.toContain("Skica naslova");
    expect((await editorVisitor.page("/?editPage=true")).html).toContain("Skica naslova");

    await drafts.publishPageDraft(editor, { ...hr(), revision });
    expect(await heroTitle()).toBe("Skica naslova");
    expect((await new Visitor(shop).page("/")).html).toContain("Skica naslova");
    expect(await drafts.readPageDraft(hr())).toBeNull();
  });

  it("refuses a draft change made on an old revision with 409 naming who saved in between", async () => {
    const first = await drafts.editPageDraft(editor, { ...hr(), revision: 0, edit: replaceHero("Prvi urednik") });
    await drafts.editPageDraft(other, { ...hr(), revision: first.revision, edit: replaceHero("Drugi urednik") });
    await expect(drafts.editPageDraft(editor, { ...hr(), revision: first.revision, edit: replaceHero("Prepisano") })).rejects.toMatchObject(
      {
        status: 409,
        key: "editing.errors.draftChanged",
        values: { who: other.email },
      },
    );
    expect(((await drafts.readPageDraft(hr()))!.content.components[0] as { title: string }).title).toBe("Drugi urednik");
  });

  it("refuses to publish a draft whose live page changed since (409) and changes nothing", async () => {
    const draft = (await drafts.readPageDraft(hr()))!;
    const live = (await content.readPageContent(homeId, "hrv"))!;
    // Someone saves the page in the backoffice form meanwhile.
    await content.savePageContent(other, {
      ...hr(),
      content: { ...live.content, metaDescription: "Iz obrasca" },
      expectedVersion: live.version,
      source: "form",
    });
    await expect(drafts.publishPageDraft(editor, { ...hr(), revision: draft.info.revision })).rejects.toMatchObject({
      status: 409,
      key: "editing.errors.liveChanged",
    });
    expect(await heroTitle()).toBe("Skica naslova");
    expect(await drafts.readPageDraft(hr())).not.toBeNull();
    await drafts.discardPageDraft({ ...hr(), revision: draft.info.revision });
    expect(await drafts.readPageDraft(hr())).toBeNull();
  });

  it("restores a kept version as a new live version ('restore of n') and shoppers see it at once", async () => {
    const versions = await content.pageContentVersions(homeId, "hrv");
    const original = versions.find((v) => v.note === "kept before the first in-page publish")!;
    expect(original).toBeDefined();
    const live = (await content.readPageContent(homeId, "hrv"))!;
    const { version } = await drafts.restorePageVersion(editor, { ...hr(), versionId: original.id, liveVersion: live.version });
    expect(version).toBe(live.version + 1);
    expect(await heroTitle()).toBe("Alu Krov d.o.o.");
    expect((await new Visitor(shop).page("/")).html).not.toContain("Skica naslova");
    const [newest] = await content.pageContentVersions(homeId, "hrv");
    expect(newest).toMatchObject({ version, source: "restore", note: `restore of ${original.version}`, createdByEmail: editor.email });
    // A restore on a version that moved on meanwhile is refused.
    await expect(drafts.restorePageVersion(editor, { ...hr(), versionId: original.id, liveVersion: live.version })).rejects.toMatchObject({
      status: 409,
    });
  });

  it("checks a section with its own schema and refuses a bad one with a translated key at its field", async () => {
    await expect(
      drafts.editPageDraft(editor, {
        ...hr(),
        revision: 0,
        edit: { sections: { op: "replace", index: 0, component: { type: "hero", title: "x".repeat(201) } } },
      }),
    ).rejects.toMatchObject({ status: 400, key: "core.validation.maxLength", values: { length: 200 }, field: "title" });
    expect(await drafts.readPageDraft(hr())).toBeNull();
  });

  it("adds, moves, hides and removes sections in the draft; a hidden one is not rendered for shoppers", async () => {
    let { revision } = await drafts.editPageDraft(editor, {
      ...hr(),
      revision: 0,
      edit: { sections: { op: "add", at: 9, component: { type: "text", html: "<p>Skriveni odlomak</p><script>x</script>" } } },
    });
    const added = (await drafts.readPageDraft(hr()))!.content.components;
    expect(added.at(-1)).toEqual({ type: "text", html: "<p>Skriveni odlomak</p>" });
    ({ revision } = await drafts.editPageDraft(editor, {
      ...hr(),
      revision,
      edit: { sections: { op: "hide", index: added.length - 1, hidden: true } },
    }));
    await drafts.publishPageDraft(editor, { ...hr(), revision });
    expect((await content.readPageContent(homeId, "hrv"))!.content.components.at(-1)).toMatchObject({ hidden: true });
    expect((await new Visitor(shop).page("/")).html).not.toContain("Skriveni odlomak");
    const live = (await content.readPageContent(homeId, "hrv"))!;
    ({ revision } = await drafts.editPageDraft(editor, {
      ...hr(),
      revision: 0,
      edit: { sections: { op: "remove", index: live.content.components.length - 1 } },
    }));
    await drafts.publishPageDraft(editor, { ...hr(), revision });
    expect((await content.readPageContent(homeId, "hrv"))!.content.components).toHaveLength(added.length - 1);
  });
});

describe("languages", () => {
  it("creates a missing translation from the Croatian original, then refuses a second one", async () => {
    const db = await shop.db();
    const [page] = await db.insert(pages).values({ siteId: 1, status: "published", publishedAt: new Date() }).returning({ id: pages.id });
    await content.savePageContent(editor, {
      pageId: page.id,
      languageCode: "hrv",
      expectedVersion: null,
      source: "create",
      content: { title: "Jamstvo", slug: "jamstvo-test", metaDescription: "", bodyHtml: "<p>Trideset godina</p>", components: [] },
    });
    await drafts.createTranslationFromOriginal(editor, { pageId: page.id, languageCode: "eng" });
    const english = (await content.readPageContent(page.id, "eng"))!;
    expect(english.content).toMatchObject({ title: "Jamstvo", slug: "jamstvo-test", bodyHtml: "<p>Trideset godina</p>" });
    await expect(drafts.createTranslationFromOriginal(editor, { pageId: page.id, languageCode: "eng" })).rejects.toMatchObject({
      status: 409,
    });
    // Editing in English edits the English row only.
    const { revision } = await drafts.editPageDraft(editor, {
      pageId: page.id,
      languageCode: "eng",
      revision: 0,
      edit: { texts: { title: "Warranty", metaDescription: "", bodyHtml: "<p>Thirty years</p>" } },
    });
    await drafts.publishPageDraft(editor, { pageId: page.id, languageCode: "eng", revision });
    expect((await content.readPageContent(page.id, "eng"))!.content.title).toBe("Warranty");
    expect((await content.readPageContent(page.id, "hrv"))!.content.title).toBe("Jamstvo");
    expect((await new Visitor(shop).page("/en/jamstvo-test")).html).toContain("Thirty years");
  });
});

describe("who may edit", () => {
  const EDIT = SERVICE_ROUTES.find((r) => r.path === "admin")!.children!.filter((c) => c.path?.startsWith("edit/"));

  it("declares every edit action as an editor screen of the admin route table", () => {
    expect(EDIT.map((c) => c.path).sort()).toEqual([
      "edit/new-page",
      "edit/open",
      "edit/page",
      "edit/pick",
      "edit/preview-link",
      "edit/upload",
    ]);
    for (const child of EDIT) expect(child.scope).toBe("editor");
  });

  it("gives edit-mode data and the no-JavaScript note only to an editor", async () => {
    const note = "Uređivanje na stranici treba JavaScript";
    expect((await editorVisitor.page("/?editPage=true")).html).toContain(note);
    const customer = await signInAsCustomer(shop, new Visitor(shop));
    for (const visitor of [customer, new Visitor(shop)]) {
      const { html } = await visitor.page("/?editPage=true");
      expect(html).toContain('data-testid="home"');
      expect(html).not.toContain(note);
      expect(html).not.toContain("liveVersion");
    }
  });

  it("refuses a customer's and a visitor's post to every edit action and changes nothing", async () => {
    const customer = await signInAsCustomer(shop, new Visitor(shop));
    const before = await heroTitle();
    const db = await shop.db();
    const draftsBefore = (await db.select().from(contentDrafts)).length;
    for (const visitor of [customer, new Visitor(shop)]) {
      for (const child of EDIT) {
        const get = await visitor.get(`/admin/${child.path}?pageId=${homeId}&lng=hrv&kind=product&slug=x`);
        expect(get.headers.get("Location"), child.path).toMatch(/adminLogin/);
        await get.text();
        // edit/pick and edit/open only answer GETs.
        if (child.path === "edit/pick" || child.path === "edit/open") continue;
        for (const path of [`/admin/${child.path}`, `/admin/${child.path}.data`]) {
          const response = await visitor.post(path, {
            intent: "texts",
            pageId: String(homeId),
            lng: "hrv",
            revision: "0",
            title: "Provala",
            metaDescription: "",
            bodyHtml: "",
            type: "text",
            at: "0",
            slug: "provala",
            template: "blank",
          });
          // A document post is sent to the sign-in (302); a fetcher's single-fetch post is told so (202 + X-Remix-Redirect).
          expect([202, 302, 403], `${path}`).toContain(response.status);
          if (response.status !== 403)
            expect(response.headers.get("Location") ?? response.headers.get("X-Remix-Redirect"), path).toMatch(/adminLogin/);
          await response.text();
        }
      }
    }
    expect(await heroTitle()).toBe(before);
    expect((await db.select().from(contentDrafts)).length).toBe(draftsBefore);
  });

  it("answers an editor's post through the route with JSON and a 409 for a stale revision", async () => {
    const post = (fields: Record<string, string>) =>
      editorVisitor.post("/admin/edit/page.data", { pageId: String(homeId), lng: "hrv", ...fields }, { tokenFrom: "/?editPage=true" });
    const ok = await post({ intent: "add", revision: "0", type: "productSlider", at: "1" });
    expect(ok.status).toBe(200);
    const stale = await post({ intent: "add", revision: "0", type: "text", at: "1" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("editing.errors.draftChanged");
    const bad = await post({ intent: "add", revision: "1", type: "noSuchType", at: "1" });
    expect(bad.status).toBe(400);
    await drafts.discardPageDraft({ ...hr(), revision: 1 });
  });
});
