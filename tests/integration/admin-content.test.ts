import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { events, pages, pageTranslations, postTerms, termTranslations } from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { fieldErrors, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The content backoffice (decision 0054): pages from a template, the slug rules of
 * spec §5, text per language through the one write path (409 on a stale version, a kept
 * version per save, restore), a changed slug keeps its old address, publishing, the home
 * page protected, a translation from the Croatian original; post terms; blog terms in
 * use; events with the end not before the start and attendees behind the public figure.
 * As a browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
}, 60_000);
afterAll(() => shop?.close());

const text = async (pageId: number, language = "hrv") =>
  (
    await db
      .select()
      .from(pageTranslations)
      .where(and(eq(pageTranslations.pageId, pageId), eq(pageTranslations.languageCode, language)))
  )[0];
const pageRow = async (id: number) => (await db.select().from(pages).where(eq(pages.id, id)))[0];
const idFrom = (location: string | null) => Number(/\/(\d+)$/.exec(location ?? "")?.[1]);

async function newPage(fields: Record<string, string>) {
  return submit(admin, "/admin/pages/new", { title: "Jesenska akcija", slug: "jesenska-akcija", template: "text", ...fields });
}
async function saveText(id: number, fields: Record<string, string>, language = "hr") {
  const current = await text(id, { hr: "hrv", en: "eng", de: "ger" }[language]);
  const base: Record<string, string> = current
    ? {
        title: current.title,
        slug: current.slug,
        metaDescription: current.metaDescription,
        bodyHtml: current.bodyHtml,
        version: String(current.version),
      }
    : {};
  return submit(admin, `/admin/pages/${id}`, { intent: "text", language, ...base, ...fields });
}
async function settings(path: string, id: number, fields: Record<string, string | string[]>) {
  return submit(admin, `${path}/${id}`, {
    intent: "settings",
    version: String((await pageRow(id)).version),
    status: "published",
    publishedAt: "",
    ...fields,
  });
}
const anonymous = () => new Visitor(shop);

describe("pages", () => {
  it("refuse a short, a malformed and a taken slug with the spec's messages", async () => {
    const short = await newPage({ slug: "abc" });
    expect(short.status).toBe(400);
    expect(fieldErrors(short.html, "page-new")["new-page-slug"]).toBe("Slug je kratak (minimum 4 znaka)!");
    const malformed = await newPage({ slug: "Jesen Akcija" });
    expect(malformed.status).toBe(400);
    expect(fieldErrors(malformed.html, "page-new")["new-page-slug"]).toBe("Slug smije sadržavati samo mala slova, brojeve i crtice");
    const taken = await newPage({ slug: "naslovna" });
    expect(taken.status).toBe(409);
    expect(fieldErrors(taken.html, "page-new")["new-page-slug"]).toBe("Ovaj slug već koristi druga stranica na ovom jeziku.");
  });

  it("create a draft from a template, edit its text and slug, publish it; the old address redirects", async () => {
    const created = await newPage({ template: "landing" });
    expect(created.status).toBe(302);
    expect(created.toast?.text).toBe("Stranica je izrađena.");
    const id = idFrom(created.location);
    expect((await pageRow(id)).status).toBe("draft");
    expect(((await text(id)).components as { type: string }[]).map((c) => c.type)).toEqual(["hero", "text", "productSlider"]);
    expect((await anonymous().request("/jesenska-akcija")).status).toBe(404);

    const saved = await saveText(id, {
      title: "Zimska akcija",
      slug: "zimska-akcija",
      bodyHtml: "<p>Popust 10 %</p><script>alert(1)</script>",
    });
    expect(saved.status).toBe(302);
    expect(saved.toast?.text).toBe("Tekst je spremljen.");
    const after = await text(id);
    expect(after).toMatchObject({ title: "Zimska akcija", slug: "zimska-akcija", version: 2 });
    expect(after.bodyHtml).not.toContain("script");
    // The components edited on the page itself are kept by a form save.
    expect((after.components as unknown[]).length).toBe(3);

    // A second editor still holding version 1 is refused, nothing overwritten.
    const stale = await submit(admin, `/admin/pages/${id}`, {
      intent: "text",
      language: "hr",
      version: "1",
      title: "Stari naslov",
      slug: "zimska-akcija",
      metaDescription: "",
      bodyHtml: "",
    });
    expect(stale.status).toBe(409);
    expect((await text(id)).title).toBe("Zimska akcija");

    const published = await settings("/admin/pages", id, {});
    expect(published.status).toBe(302);
    const shopper = anonymous();
    const live = await shopper.request("/zimska-akcija");
    expect(live.status).toBe(200);
    expect(await live.text()).toContain("Zimska akcija");
    const old = await shopper.request("/jesenska-akcija");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/zimska-akcija");
    // Untranslated, the English address is the Croatian slug under /en: it moves too.
    expect((await shopper.request("/en/jesenska-akcija")).headers.get("Location")).toBe("/en/zimska-akcija");
  });

  it("schedule a page: a later publish date keeps it hidden until then", async () => {
    const id = idFrom((await newPage({ slug: "buduca-stranica", title: "Buduća" })).location);
    expect((await settings("/admin/pages", id, { publishedAt: "2099-01-01T10:00" })).status).toBe(302);
    expect((await pageRow(id)).publishedAt?.toISOString()).toBe("2099-01-01T09:00:00.000Z");
    expect((await anonymous().request("/buduca-stranica")).status).toBe(404);
    const list = await admin.get("/admin/pages?state=scheduled");
    expect(await list.text()).toContain("Buduća");
  });

  it("keep every save as a version and restore one as a new version", async () => {
    const id = idFrom((await newPage({ slug: "verzije-stranice", title: "Prva" })).location);
    await saveText(id, { title: "Druga" });
    const page = await (await admin.get(`/admin/pages/${id}`)).text();
    const versionId = /name="versionId" value="(\d+)"/.exec(page)?.[1];
    expect(versionId).toBeTruthy();
    const restored = await submit(admin, `/admin/pages/${id}`, { intent: "restore", language: "hr", versionId: versionId!, version: "2" });
    expect(restored.status).toBe(302);
    expect(restored.toast?.text).toBe("Verzija je vraćena.");
    expect(await text(id)).toMatchObject({ title: "Prva", version: 3 });
    // Restoring from a page that showed version 2 again: stale.
    expect(
      (await submit(admin, `/admin/pages/${id}`, { intent: "restore", language: "hr", versionId: versionId!, version: "2" })).status,
    ).toBe(409);
  });

  it("create a missing translation from the Croatian original, once", async () => {
    const id = idFrom((await newPage({ slug: "prijevod-stranice", title: "Original" })).location);
    await saveText(id, { bodyHtml: "<p>Tekst izvornika</p>" });
    const made = await submit(admin, `/admin/pages/${id}`, { intent: "translate", language: "en" });
    expect(made.status).toBe(302);
    expect(made.toast?.text).toBe("Prijevod je izrađen iz hrvatskog izvornika.");
    expect(await text(id, "eng")).toMatchObject({
      title: "Original",
      slug: "prijevod-stranice",
      bodyHtml: "<p>Tekst izvornika</p>",
      version: 1,
    });
    const missingDe = await (await admin.get("/admin/pages?missing=de&q=prijevod-stranice")).text();
    expect(missingDe).toContain("Original");
    expect(await (await admin.get("/admin/pages?missing=en&q=prijevod-stranice")).text()).not.toContain('data-testid="page-row"');
    const again = await submit(admin, `/admin/pages/${id}`, { intent: "translate", language: "en" });
    expect(again.status).toBe(409);
    expect(again.html).toContain("Na tom jeziku tekst već postoji.");
  });

  it("protect the home page: never unpublished, deleted or moved off its slug", async () => {
    const [home] = await db
      .select()
      .from(pageTranslations)
      .where(and(eq(pageTranslations.slug, "naslovna"), eq(pageTranslations.languageCode, "hrv")));
    const id = home.pageId;
    const draft = await settings("/admin/pages", id, { status: "draft" });
    expect(draft.status).toBe(409);
    expect(draft.html).toContain("Naslovnica ostaje objavljena");
    expect(
      (await submit(admin, `/admin/pages/${id}`, { intent: "delete", version: String((await pageRow(id)).version), confirm: "on" })).status,
    ).toBe(409);
    expect((await saveText(id, { slug: "pocetna" })).status).toBe(409);
    const bulk = await submit(admin, "/admin/pages", { intent: "delete", ids: [String(id)], confirm: "on" });
    expect(bulk.toast?.text).toBe("Promijenjeno: 0, preskočeno: 1.");
    expect((await pageRow(id)).status).toBe("published");
    expect((await anonymous().request("/")).status).toBe(200);
  });

  it("bulk-delete only with the confirmation tick", async () => {
    const id = idFrom((await newPage({ slug: "za-brisanje", title: "Za brisanje" })).location);
    const unconfirmed = await admin.post("/admin/pages", { intent: "delete", ids: [String(id)] }, { tokenFrom: "/admin/pages" });
    expect(unconfirmed.status).toBe(303);
    expect(await pageRow(id)).toBeTruthy();
    const done = await submit(admin, "/admin/pages", { intent: "delete", ids: [String(id)], confirm: "on" });
    expect(done.toast?.text).toBe("Promijenjeno: 1, preskočeno: 0.");
    expect(await pageRow(id)).toBeUndefined();
  });

  it("export the filtered list as CSV", async () => {
    const csv = await admin.get("/admin/pages.csv?q=zimska");
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const body = await csv.text();
    expect(body).toContain("Zimska akcija");
    expect(body).not.toContain("Naslovnica;");
  });
});

describe("posts and terms", () => {
  it("set a post's terms and refuse deleting a term in use", async () => {
    const created = await submit(admin, "/admin/posts/new", { title: "Nova objava o olucima", slug: "nova-objava-o-olucima" });
    expect(created.status).toBe(302);
    const id = idFrom(created.location);
    expect((await pageRow(id)).postType).toBe("post");
    const [tag] = await db.select().from(termTranslations).where(eq(termTranslations.languageCode, "hrv")).limit(1);
    expect((await settings("/admin/posts", id, { termIds: [String(tag.termId)] })).status).toBe(302);
    expect(await db.select().from(postTerms).where(eq(postTerms.postId, id))).toEqual([{ postId: id, termId: tag.termId }]);
    expect((await anonymous().request("/nova-objava-o-olucima")).status).toBe(200);

    const term = await (await admin.get(`/admin/terms/${tag.termId}`)).text();
    const version = /name="version" value="(\d+)"/.exec(term)![1];
    const refused = await submit(admin, `/admin/terms/${tag.termId}`, { intent: "delete", version, confirm: "on" });
    expect(refused.status).toBe(409);
    expect(refused.html).toMatch(/Ne može se obrisati: koristi je \d+ objava\./);
  });

  it("rename a term's slug: the old blog address redirects", async () => {
    const created = await submit(admin, "/admin/terms/new", {
      intent: "save",
      type: "tag",
      position: "5",
      "translations.hr.name": "Limarija",
      "translations.hr.slug": "limarija",
    });
    expect(created.status).toBe(302);
    const id = idFrom(created.location);
    const renamed = await submit(admin, `/admin/terms/${id}`, {
      intent: "save",
      version: "1",
      type: "tag",
      position: "5",
      "translations.hr.name": "Limarija",
      "translations.hr.slug": "limarski-radovi",
    });
    expect(renamed.status).toBe(302);
    const old = await anonymous().request("/objave/limarija");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/objave/limarski-radovi");
    const csv = await (await admin.get("/admin/terms.csv?q=limar")).text();
    expect(csv).toContain("Limarija;limarski-radovi;oznaka;hr;0;5");
    const deleted = await submit(admin, `/admin/terms/${id}`, { intent: "delete", version: "2", confirm: "on" });
    expect(deleted.status).toBe(302);
  });
});

describe("events", () => {
  const EVENT = {
    intent: "save",
    startsAt: "2099-05-10T18:00",
    endsAt: "2099-05-10T20:00",
    place: "Zagreb, Velesajam",
    published: "on",
    "translations.hr.title": "Radionica montaže oluka",
    "translations.hr.descriptionHtml": "<p>Praktična radionica.</p>",
  };

  it("refuse an end before the start", async () => {
    const refused = await submit(admin, "/admin/events/new", { ...EVENT, endsAt: "2099-05-10T17:00" });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.html, "event-form")["event-endsAt"]).toBe("Završetak ne može biti prije početka.");
  });

  it("create an event, add and remove attendees: the public figure follows them", async () => {
    const created = await submit(admin, "/admin/events/new", EVENT);
    expect(created.status).toBe(302);
    const id = idFrom(created.location);
    const added = await submit(admin, `/admin/events/${id}`, {
      intent: "addAttendee",
      name: "Ana Horvat",
      email: "ana@example.com",
      seats: "3",
      note: "",
    });
    expect(added.toast?.text).toBe("Sudionik je dodan.");
    expect((await db.select().from(events).where(eq(events.id, id)))[0].attendees).toBe(3);
    const publicPage = await (await anonymous().request(`/dogadjaj/${id}`)).text();
    expect(publicPage).toContain("Radionica montaže oluka");
    expect(publicPage).toMatch(/data-testid="event-attendees">3</);

    const csv = await (await admin.get(`/admin/events/${id}/attendees.csv`)).text();
    expect(csv).toContain("Ana Horvat;ana@example.com;3");

    const attendeeId = /name="attendeeId" value="(\d+)"/.exec(await (await admin.get(`/admin/events/${id}`)).text())![1];
    expect((await submit(admin, `/admin/events/${id}`, { intent: "removeAttendee", attendeeId })).status).toBe(302);
    expect((await db.select().from(events).where(eq(events.id, id)))[0].attendees).toBe(0);

    const stale = await submit(admin, `/admin/events/${id}`, { ...EVENT, version: "0" });
    expect(stale.status).toBe(409);
    const list = await (await admin.get("/admin/events?when=upcoming&q=montaže")).text();
    expect(list).toContain("Radionica montaže oluka");
    expect(await (await admin.get("/admin/events?when=past&q=montaže")).text()).not.toContain("Radionica montaže oluka");
    const csvList = await (await admin.get("/admin/events.csv?q=montaže")).text();
    expect(csvList).toContain("Radionica montaže oluka;");
    expect(csvList).toContain("Zagreb, Velesajam");
  });
});
