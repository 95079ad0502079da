// Both databases: drafts and versions of masters in jsonb, and the pages holding a copy found by their stored sections.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentDrafts, contentVersions, masterComponents, media, pageTranslations } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * A master's own draft → publish flow (decision 0133): "Spremi skicu" changes no page (the
 * shopper's page keeps the published master, editors in edit mode see the draft), "Objavi"
 * puts it live at once; two editors never overwrite each other (the draft's revision, the
 * live version); a kept version is restored. Pictures come from the media library and links
 * are a label and an address (a local path or http(s)); a wrong one is refused and changes
 * nothing. Pages holding an old copy of the master are listed and linked to it.
 */
let shop: Shop;
let editor: Visitor;
let other: Visitor;
let heroId: number;
let pageId: number;
let pictureId: number;
let pictureDrive: string;
const PUBLISHED = "Aluminijski krovovi za svako vrijeme";
const DRAFTED = "Skica naslova koju kupci još ne vide";
const HERO = { type: "hero", title: PUBLISHED, text: "Uvodni tekst", image: null, cta: null };

const db = () => shop.db();
const screen = (id: number) => `/admin/masters/${id}`;
const masterRow = async (id: number) => (await (await db()).select().from(masterComponents).where(eq(masterComponents.id, id)))[0];
const pageComponents = async () =>
  (
    await (
      await db()
    )
      .select({ components: pageTranslations.components })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.pageId, pageId), eq(pageTranslations.languageCode, "hrv")))
  )[0].components as Record<string, unknown>[];

/** The hidden revision and version the master's form shows now. */
async function formState(who: Visitor, id: number) {
  const { html } = await who.page(screen(id));
  const form = html.slice(html.indexOf('data-testid="master-form"'));
  return { revision: /name="revision" value="(\d+)"/.exec(form)![1], version: /name="version" value="(\d+)"/.exec(form)![1], html };
}

async function post(who: Visitor, id: number, fields: Record<string, string | string[]>) {
  return who.post(screen(id), fields, { tokenFrom: screen(id) });
}

async function save(who: Visitor, id: number, intent: "draft" | "publish", fields: Record<string, string | string[]>) {
  const { revision, version } = await formState(who, id);
  return post(who, id, { intent, revision, version, name: "Naslovni banner", ...fields });
}

beforeAll(async () => {
  shop = await bootShop();
  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
  other = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
  const database = await db();
  const [hero] = await database
    .insert(masterComponents)
    .values({ siteId: 1, name: "Naslovni banner", component: HERO })
    .returning({ id: masterComponents.id });
  heroId = hero.id;
  pictureDrive = randomUUID();
  const [picture] = await database
    .insert(media)
    .values({
      driveId: pictureDrive,
      title: "Krov na kući",
      path: "originals/krov.png",
      mime: "image/png",
      extension: "png",
      size: 10,
      hash: "0".repeat(64),
      originalName: "krov.png",
      titles: { hr: "Krov na kući" },
      alt: { hr: "Krov od aluminija" },
      width: 800,
      height: 600,
    })
    .returning({ id: media.id });
  pictureId = picture.id;
  const [page] = await database
    .select({ id: pageTranslations.pageId, components: pageTranslations.components })
    .from(pageTranslations)
    .where(and(eq(pageTranslations.slug, "kontakt"), eq(pageTranslations.languageCode, "hrv")));
  pageId = page.id;
  // The page uses the master by reference; the master's first save keeps it as version 1.
  await database
    .update(pageTranslations)
    .set({ components: [{ type: "master", masterId: heroId }] })
    .where(and(eq(pageTranslations.pageId, pageId), eq(pageTranslations.languageCode, "hrv")));
}, 120_000);
afterAll(() => shop?.close());

describe("a master's draft and publish", () => {
  it("keeps a saved draft off the shop until Objavi, shows it to an editor in edit mode, then publishes it", async () => {
    expect((await new Visitor(shop).page("/kontakt")).html).toContain(PUBLISHED);
    const drafted = await save(editor, heroId, "draft", { title: DRAFTED, text: "Uvodni tekst" });
    expect(drafted.status).toBe(302);
    expect((await masterRow(heroId)).component.title).toBe(PUBLISHED);
    // The page was cached before the draft: neither the cache nor a fresh read shows the draft.
    const shopper = (await new Visitor(shop).page("/kontakt")).html;
    expect(shopper).toContain(PUBLISHED);
    expect(shopper).not.toContain(DRAFTED);
    expect((await editor.page("/kontakt?editPage=true")).html).toContain(DRAFTED);
    const { html } = await formState(editor, heroId);
    expect(html).toContain("Postoji neobjavljena skica");

    const published = await save(editor, heroId, "publish", { title: DRAFTED, text: "Uvodni tekst" });
    expect(published.status).toBe(302);
    const row = await masterRow(heroId);
    expect(row.component.title).toBe(DRAFTED);
    expect(row.version).toBe(2);
    expect((await new Visitor(shop).page("/kontakt")).html).toContain(DRAFTED);
    expect(await (await db()).select().from(contentDrafts).where(eq(contentDrafts.kind, "master"))).toHaveLength(0);
    const history = (await formState(editor, heroId)).html;
    expect(history.match(/data-testid="master-version"/g)).toHaveLength(2);
  });

  it("refuses a second editor's save over a draft they did not see, and a publish on an older version, with the translated message", async () => {
    const before = await masterRow(heroId);
    const seenByOther = await formState(other, heroId);
    expect((await save(editor, heroId, "draft", { title: "Prva urednica" })).status).toBe(302);
    const late = await post(other, heroId, {
      intent: "draft",
      revision: seenByOther.revision,
      version: seenByOther.version,
      name: "Naslovni banner",
      title: "Druga urednica",
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("Skicu je u međuvremenu promijenio");
    const [draft] = await (await db()).select().from(contentDrafts).where(eq(contentDrafts.kind, "master"));
    expect((draft.data as { component: { title: string } }).component.title).toBe("Prva urednica");
    // A stale version without a draft: the master was published since the screen was read.
    await post(editor, heroId, { intent: "discard", revision: String(draft.revision) });
    const stale = await post(other, heroId, { intent: "publish", revision: "0", version: "1", name: "Naslovni banner", title: "Staro" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Glavna komponenta je u međuvremenu objavljena");
    expect(await masterRow(heroId)).toEqual(before);
  });

  it("restores a kept version as the new published one", async () => {
    const { html, version } = await formState(editor, heroId);
    const versionId = /name="versionId" value="(\d+)"/.exec(html)![1];
    const restored = await post(editor, heroId, { intent: "restore", versionId, version });
    expect(restored.status).toBe(302);
    const row = await masterRow(heroId);
    expect(row.component.title).toBe(PUBLISHED);
    expect(row.version).toBe(Number(version) + 1);
    expect((await new Visitor(shop).page("/kontakt")).html).toContain(PUBLISHED);
  });
});

describe("a master's pictures and links", () => {
  it("saves a picture chosen from the library and a link as a local path or an http(s) address", async () => {
    const local = await save(editor, heroId, "publish", {
      title: PUBLISHED,
      image: String(pictureId),
      linkLabel: "Pišite nam",
      linkHref: "/kontakt",
    });
    expect(local.status).toBe(302);
    let component = (await masterRow(heroId)).component;
    expect(component.image).toMatchObject({ driveId: pictureDrive, alt: "Krov od aluminija", width: 800, height: 600 });
    expect(component.cta).toEqual({ label: "Pišite nam", linkType: "path", target: "/kontakt" });
    const page = (await new Visitor(shop).page("/kontakt")).html;
    expect(page).toContain(pictureDrive);
    expect(page).toContain("Pišite nam");

    const external = await save(editor, heroId, "publish", {
      title: PUBLISHED,
      image: String(pictureId),
      linkLabel: "Katalog",
      linkHref: "https://example.com/katalog",
    });
    expect(external.status).toBe(302);
    component = (await masterRow(heroId)).component;
    expect(component.cta).toEqual({ label: "Katalog", linkType: "external", target: "https://example.com/katalog" });
    // The chooser shows the chosen picture ticked.
    expect((await formState(editor, heroId)).html).toContain(`name="image" checked="" value="${pictureId}"`);
  });

  it("refuses a link that is neither a local path nor an http(s) address, and a picture not in the library, changing nothing", async () => {
    const before = await masterRow(heroId);
    for (const linkHref of ["javascript:alert(1)", "//evil.example/x", "mailto:info@example.com"]) {
      const refused = await save(editor, heroId, "publish", { title: "Ne", image: String(pictureId), linkLabel: "Zlo", linkHref });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Upišite putanju koja počinje s /");
    }
    const missing = await save(editor, heroId, "publish", {
      title: "Ne",
      image: "999999",
      linkLabel: "Katalog",
      linkHref: "https://example.com/katalog",
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Odabrana slika ne postoji u medijskoj biblioteci.");
    expect(await masterRow(heroId)).toEqual(before);
    expect(await (await db()).select().from(contentDrafts).where(eq(contentDrafts.kind, "master"))).toHaveLength(0);
  });
});

describe("pages holding an old copy of a master", () => {
  it("lists the copies on the master's screen and links one page, then all, to the master (audited, shown at once)", async () => {
    const database = await db();
    const cta = { type: "cta", title: "Kopija poziva", text: "Stari tekst", link: { label: "Kontakt", linkType: "route", target: "shop" } };
    const [master] = await database
      .insert(masterComponents)
      .values({ siteId: 1, name: "Poziv (kopije)", component: cta })
      .returning({ id: masterComponents.id });
    // As the old "add master" left it: the master's fields copied into two pages (one hidden), and an edited copy that is its own section.
    const copies = [{ ...cta }, { ...cta, hidden: true }, { ...cta, title: "Promijenjena kopija" }];
    await database
      .update(pageTranslations)
      .set({ components: copies })
      .where(and(eq(pageTranslations.pageId, pageId), eq(pageTranslations.languageCode, "hrv")));
    const [home] = await database
      .select({ pageId: pageTranslations.pageId })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.slug, "naslovna"), eq(pageTranslations.languageCode, "hrv")));
    const homeComponents = (
      await database
        .select({ components: pageTranslations.components })
        .from(pageTranslations)
        .where(and(eq(pageTranslations.pageId, home.pageId), eq(pageTranslations.languageCode, "hrv")))
    )[0].components as unknown[];
    await database
      .update(pageTranslations)
      .set({ components: [...homeComponents, { ...cta }] })
      .where(and(eq(pageTranslations.pageId, home.pageId), eq(pageTranslations.languageCode, "hrv")));

    const { html } = await formState(editor, master.id);
    expect(html.match(/data-testid="master-copy"/g)).toHaveLength(2);

    const one = await post(editor, master.id, { intent: "linkCopy", pageId: String(pageId), languageCode: "hrv" });
    expect(one.status).toBe(302);
    expect(await pageComponents()).toEqual([
      { type: "master", masterId: master.id },
      { type: "master", masterId: master.id, hidden: true },
      { ...cta, title: "Promijenjena kopija" },
    ]);
    expect((await formState(editor, master.id)).html.match(/data-testid="master-copy"/g)).toHaveLength(1);
    // The page's state before the link is kept in its history, so the link can be undone there.
    const kept = await database
      .select({ data: contentVersions.data })
      .from(contentVersions)
      .where(and(eq(contentVersions.kind, "page"), eq(contentVersions.entityId, pageId), eq(contentVersions.source, "create")));
    expect(kept.map((k) => (k.data as { components: unknown[] }).components)).toContainEqual(copies);
    // Linked, the page follows the master's next publish.
    expect(
      (
        await save(editor, master.id, "publish", {
          name: "Poziv (kopije)",
          title: "Novi poziv",
          linkHref: "/trgovina",
          linkLabel: "Kontakt",
        })
      ).status,
    ).toBe(302);
    expect((await new Visitor(shop).page("/kontakt")).html).toContain("Novi poziv");

    // The home page's copy equals an older state of the master (its version 1): still recognised, linked by "Poveži sve kopije".
    const all = await post(editor, master.id, { intent: "linkCopies" });
    expect(all.status).toBe(302);
    const [homeAfter] = await database
      .select({ components: pageTranslations.components })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.pageId, home.pageId), eq(pageTranslations.languageCode, "hrv")));
    expect((homeAfter.components as unknown[]).at(-1)).toEqual({ type: "master", masterId: master.id });
    expect((await formState(editor, master.id)).html).toContain("Nijedna stranica nema nepromijenjenu kopiju");
    const audits = await database
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "masterComponent"), eq(auditLog.entityId, master.id)))
      .orderBy(desc(auditLog.id));
    expect(audits.filter((a) => a.action === "linkCopies")).toHaveLength(2);
    // A page that no longer holds a copy: a translated refusal, nothing changed.
    const none = await post(editor, master.id, { intent: "linkCopy", pageId: String(pageId), languageCode: "hrv" });
    expect(none.status).toBe(409);
    expect(await none.text()).toContain("Ta stranica više nema kopiju ove komponente.");
  });
});
