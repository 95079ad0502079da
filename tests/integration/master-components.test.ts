// Both databases: the pages that reference a master are found with jsonb containment.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, masterComponents, pageTranslations } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * A master component is edited in one place: a page adds it as a reference, shows the
 * master's published content, and every page that uses it follows a publish on the master's
 * screen at once (the page cache cleared), with an audit row; bad and stale saves change nothing.
 * Drafts, pictures, links and copies: master-drafts.test.ts.
 */
let shop: Shop;
let editor: Visitor;
let masterId: number;
const pageIds: Record<string, number> = {};
const FIRST = "Zatražite ponudu za krov";
const SECOND = "Novi tekst glavne komponente";

beforeAll(async () => {
  shop = await bootShop();
  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
  const db = await shop.db();
  const [master] = await db
    .insert(masterComponents)
    .values({
      siteId: 1,
      name: "Poziv na ponudu",
      component: { type: "cta", title: FIRST, text: "Javite nam se", link: { label: "Kontakt", linkType: "route", target: "shop" } },
    })
    .returning({ id: masterComponents.id });
  masterId = master.id;
  for (const slug of ["kontakt", "naslovna"]) {
    const [row] = await db
      .select({ id: pageTranslations.pageId })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.slug, slug), eq(pageTranslations.languageCode, "hrv")));
    pageIds[slug] = row.id;
  }
}, 120_000);
afterAll(() => shop?.close());

const editPage = (slug: string, fields: Record<string, string>) =>
  editor.post("/admin/edit/page.data", { pageId: String(pageIds[slug]), lng: "hrv", ...fields }, { tokenFrom: "/?editPage=true" });
const master = async () => (await (await shop.db()).select().from(masterComponents).where(eq(masterComponents.id, masterId)))[0];
const saveMaster = async (fields: Record<string, string>) => {
  const { html } = await editor.page(`/admin/masters/${masterId}`);
  const version = /name="version" value="(\d+)"/.exec(html)![1];
  // The link's address as the form shows it (the route's path): unchanged, the link stays a route link.
  const linkHref = /<input[^>]*name="linkHref"[^>]*value="([^"]*)"/.exec(html)![1];
  return editor.post(
    `/admin/masters/${masterId}`,
    { intent: "publish", revision: "0", version, name: "Poziv na ponudu", linkHref, ...fields },
    { tokenFrom: `/admin/masters/${masterId}` },
  );
};

describe("master components by reference", () => {
  it("adds a master to two pages as a reference and shows its content to shoppers", async () => {
    for (const slug of ["kontakt", "naslovna"]) {
      const added = await editPage(slug, { intent: "addMaster", revision: "0", masterId: String(masterId), at: "0" });
      expect(added.status).toBe(200);
      expect((await editPage(slug, { intent: "publish", revision: "1" })).status).toBe(200);
      const [row] = await (
        await shop.db()
      )
        .select({ components: pageTranslations.components })
        .from(pageTranslations)
        .where(and(eq(pageTranslations.pageId, pageIds[slug]), eq(pageTranslations.languageCode, "hrv")));
      // The page stores the reference, not a copy of the master's fields.
      expect((row.components as unknown[])[0]).toEqual({ type: "master", masterId });
    }
    expect((await new Visitor(shop).page("/kontakt")).html).toContain(FIRST);
    expect((await new Visitor(shop).page("/")).html).toContain(FIRST);
  });

  it("refuses a master that does not exist with a translated 404", async () => {
    const missing = await editPage("kontakt", { intent: "addMaster", revision: "0", masterId: "999999", at: "0" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("editing.errors.noMaster");
  });

  it("publishes the master on its screen (no JavaScript) and every page using it shows the change at once", async () => {
    const before = await master();
    const saved = await saveMaster({ title: SECOND, text: "Drugi opis", linkLabel: "Pišite nam" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/masters/${masterId}`);
    // Both pages were read (and cached) before the save; neither shows the old text now.
    for (const path of ["/kontakt", "/"]) {
      const { html } = await new Visitor(shop).page(path);
      expect(html).toContain(SECOND);
      expect(html).toContain("Pišite nam");
      expect(html).not.toContain(FIRST);
    }
    const [audit] = await (
      await shop.db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "masterComponent"), eq(auditLog.entityId, masterId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit.action).toBe("publish");
    expect((await master()).component.link).toMatchObject({ linkType: "route", target: "shop", label: "Pišite nam" });
    expect(JSON.stringify(audit.before)).toContain(FIRST);
    expect(JSON.stringify(audit.after)).toContain(SECOND);
    expect((await master()).updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const { html } = await editor.page(`/admin/masters/${masterId}`);
    expect(html).toContain('data-testid="master-used-by"');
    expect(html).toMatch(/href="\/admin\/pages\/\d+"/);
  });

  it("refuses a stale save (409) and bad input (400, translated) and changes nothing", async () => {
    const before = await master();
    const stale = await editor.post(
      `/admin/masters/${masterId}`,
      { intent: "publish", revision: "0", version: "1", name: "Staro", title: "Prepisano", linkHref: "/kontakt" },
      { tokenFrom: `/admin/masters/${masterId}` },
    );
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Glavna komponenta je u međuvremenu objavljena");
    const empty = await saveMaster({ name: "", title: "Bez imena" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Unos ovog polja je obavezan");
    expect(await master()).toEqual(before);
    expect((await new Visitor(shop).page("/kontakt")).html).toContain(SECOND);
  });

  it("is an editor's screen: a sales user and a visitor get neither the screen nor the save", async () => {
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    for (const visitor of [sales, new Visitor(shop)]) {
      expect([302, 403, 404]).toContain((await visitor.get(`/admin/masters/${masterId}`)).status);
      const post = await visitor.post(
        `/admin/masters/${masterId}`,
        { intent: "publish", revision: "0", version: "1", name: "Provala" },
        { csrf: false },
      );
      expect(post.status).not.toBe(200);
    }
    expect((await master()).name).toBe("Poziv na ponudu");
  });

  it("answers a master that does not exist with a translated 404, not a 500", async () => {
    const missing = await editor.get("/admin/masters/999999");
    expect(missing.status).toBe(404);
    expect((await editor.get("/admin/masters/abc")).status).toBe(404);
  });
});
