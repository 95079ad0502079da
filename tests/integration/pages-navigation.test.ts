import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, navigationItems, navigations, pages } from "~/.server/db/schema";
import { isReservedSlug } from "~/lib/reserved-slugs";
import { loginAsAdmin } from "../setup/accounts";
import { fieldErrors, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * Pages from creation to the navigation: a page made in the "new page" dialog is published
 * as made (no edit first), a slug the shop's own routes take is refused wherever a slug is
 * set, and an editor puts a page, a category or an address into the header's or the
 * footer's navigation (labels per language, order, removal), audited, seen by shoppers at
 * once. As a browser without JavaScript posts.
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

const anonymous = () => new Visitor(shop);
const status = async (path: string) => (await anonymous().get(path)).status;

/** The in-page editor's post (a fetcher, single fetch's .data): the status and the answer's text. */
async function editPost(visitor: Visitor, path: string, fields: Record<string, string>) {
  const response = await visitor.post(`${path}.data`, fields, { tokenFrom: "/admin" });
  return { status: response.status, body: await response.text() };
}

describe("a new page", () => {
  it("is published as made from edit mode, with no edit first", async () => {
    const made = await editPost(admin, "/admin/edit/new-page", {
      lng: "hrv",
      title: "Odmah objavljena",
      slug: "odmah-objavljena",
      template: "text",
    });
    expect(made.status).toBe(200);
    expect(await status("/odmah-objavljena")).toBe(404);
    const [page] = await db.select({ id: pages.id }).from(pages).orderBy(desc(pages.id)).limit(1);
    const published = await editPost(admin, "/admin/edit/page", { intent: "publish", pageId: String(page.id), lng: "hrv", revision: "0" });
    expect(published.status).toBe(200);
    const live = await anonymous().page("/odmah-objavljena");
    expect(live.response.status).toBe(200);
    expect(live.html).toContain("Odmah objavljena");
    // A live page with no draft has nothing to publish: the refusal of before.
    const again = await editPost(admin, "/admin/edit/page", { intent: "publish", pageId: String(page.id), lng: "hrv", revision: "0" });
    expect(again.status).toBe(409);
  });
});

describe("a slug the shop's routes own", () => {
  it("is reserved in every language, alias and service route", () => {
    for (const slug of [
      "objave",
      "pretraga",
      "search",
      "suche",
      "kosarica",
      "einkaufswagen",
      "shop",
      "naplata",
      "kasse",
      "admin",
      "adminLogin",
      "sitemap.xml",
      "dogadjaji",
      "veranstaltungen",
      "prijava",
      "login",
      "media",
      "assets",
      "test",
    ])
      expect(isReservedSlug(slug), slug).toBe(true);
    for (const slug of ["o-nama", "kontakt", "naslovna", "objave-2026"]) expect(isReservedSlug(slug), slug).toBe(false);
  });

  it("is refused with a translated message by the page form, the text form and the new-page dialog", async () => {
    const made = await submit(admin, "/admin/pages/new", { title: "Objave", slug: "objave", template: "text" });
    expect(made.status).toBe(400);
    expect(fieldErrors(made.html, "page-new")["new-page-slug"]).toBe(
      "Adresa „objave“ pripada trgovini (npr. objave, pretraga, košarica): odaberite drugi slug.",
    );

    const ok = await submit(admin, "/admin/pages/new", { title: "Rezervirano", slug: "rezervirano-test", template: "text" });
    const id = Number(/\/(\d+)$/.exec(ok.location ?? "")?.[1]);
    const renamed = await submit(admin, `/admin/pages/${id}`, {
      intent: "text",
      language: "en",
      title: "Search",
      slug: "suche",
      metaDescription: "",
      bodyHtml: "",
    });
    expect(renamed.status).toBe(400);
    expect(renamed.html).toContain("Adresa „suche“ pripada trgovini");

    const dialog = await editPost(admin, "/admin/edit/new-page", { lng: "eng", title: "Search", slug: "pretraga", template: "blank" });
    expect(dialog.status).toBe(400);
    expect(dialog.body).toContain("admin.content.slugReserved");
  });
});

const navView = async (handle = "main") => {
  const { html } = await admin.page(`/admin/navigations?nav=${handle}`);
  const document = new JSDOM(html).window.document;
  const version = document.querySelector<HTMLInputElement>('form[data-testid="navigation-add"] input[name="version"]')!.value;
  const items = [...document.querySelectorAll<HTMLElement>('[data-testid="navigation-item"]')].map((li) => ({
    label: li.dataset.label!,
    id: li.querySelector<HTMLInputElement>('input[name="itemId"]')!.value,
  }));
  return { version, items, html };
};
const navChange = (fields: Record<string, string>, handle = "main") =>
  submit(admin, `/admin/navigations?nav=${handle}`, fields, `/admin/navigations?nav=${handle}`);

const headerLinks = async (path: string) => {
  const { html } = await anonymous().page(path);
  const nav = new JSDOM(html).window.document.querySelector('[data-testid="site-header"] nav');
  return [...(nav?.querySelectorAll("a") ?? [])].map((a) => ({ text: a.textContent?.trim(), href: a.getAttribute("href") }));
};

describe("the navigation editor", () => {
  it("adds a page with labels per language to the header; shoppers see it at once in every language", async () => {
    const before = await navView();
    expect(before.items.map((i) => i.label)).toContain("O nama");
    await headerLinks("/"); // the header is cached now: the change has to clear it
    const added = await navChange({
      intent: "add",
      version: before.version,
      linkType: "page",
      page: "odmah-objavljena",
      category: "",
      url: "",
      labelHr: "Novo",
      labelEn: "New",
      labelDe: "",
    });
    expect(added.status).toBe(302);
    expect(added.toast?.text).toBe("Poveznica je dodana.");
    expect((await navView()).items.at(-1)?.label).toBe("Novo");
    expect((await headerLinks("/")).at(-1)).toEqual({ text: "Novo", href: "/odmah-objavljena" });
    expect((await headerLinks("/en")).at(-1)).toEqual({ text: "New", href: "/en/odmah-objavljena" });
    // No German label: the Croatian one stands in.
    expect((await headerLinks("/de")).at(-1)?.text).toBe("Novo");

    const [nav] = await db.select().from(navigations).where(eq(navigations.handle, "main"));
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "navigation"), eq(auditLog.entityId, nav.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: "add" });
  });

  it("moves, relabels and removes links; a stale screen is refused and changes nothing", async () => {
    let view = await navView();
    const novo = view.items.find((i) => i.label === "Novo")!;
    const moved = await navChange({ intent: "move", version: view.version, itemId: novo.id, to: "up" });
    expect(moved.status).toBe(302);
    view = await navView();
    expect(view.items.at(-2)?.label).toBe("Novo");
    expect((await headerLinks("/")).at(-2)?.text).toBe("Novo");

    const stale = await navChange({ intent: "remove", version: String(Number(view.version) - 1), itemId: novo.id });
    expect(stale.status).toBe(409);
    expect((await navView()).items.some((i) => i.label === "Novo")).toBe(true);

    const relabelled = await navChange({
      intent: "labels",
      version: view.version,
      itemId: novo.id,
      labelHr: "Novosti",
      labelEn: "News",
      labelDe: "Neuigkeiten",
    });
    expect(relabelled.status).toBe(302);
    view = await navView();
    expect((await headerLinks("/de")).map((l) => l.text)).toContain("Neuigkeiten");

    const removed = await navChange({ intent: "remove", version: view.version, itemId: novo.id });
    expect(removed.status).toBe(302);
    expect((await headerLinks("/")).map((l) => l.text)).not.toContain("Novosti");
  });

  it("adds a category and an address to a footer column, and refuses an address that is not one", async () => {
    let view = await navView("footer4");
    const bad = await navChange(
      {
        intent: "add",
        version: view.version,
        linkType: "external",
        page: "",
        category: "",
        url: "javascript:alert(1)",
        labelHr: "Zlo",
        labelEn: "",
        labelDe: "",
      },
      "footer4",
    );
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.html, "navigation-add")["navigation-add-url"]).toBe("Upišite adresu koja počinje s http:// ili https://.");
    const url = await navChange(
      {
        intent: "add",
        version: view.version,
        linkType: "external",
        page: "",
        category: "",
        url: "https://www.youtube.com/@alukrov",
        labelHr: "YouTube",
        labelEn: "",
        labelDe: "",
      },
      "footer4",
    );
    expect(url.status).toBe(302);
    view = await navView("footer4");
    const category = await navChange(
      {
        intent: "add",
        version: view.version,
        linkType: "category",
        page: "",
        category: "oluci",
        url: "",
        labelHr: "Oluci i cijevi",
        labelEn: "Gutters",
        labelDe: "",
      },
      "footer4",
    );
    expect(category.status).toBe(302);
    const { html } = await anonymous().page("/en");
    const footer = new JSDOM(html).window.document.querySelector('[data-testid="footer-nav-footer4"]')!;
    const links = [...footer.querySelectorAll("a")].map((a) => [a.textContent?.trim(), a.getAttribute("href")]);
    expect(links).toContainEqual(["YouTube", "https://www.youtube.com/@alukrov"]);
    expect(links).toContainEqual(["Gutters", "/en/shop/oluci"]);
    expect(await db.select().from(navigationItems).where(eq(navigationItems.target, "oluci"))).toHaveLength(2);
  });

  it("is the editor's: a sales user is refused", async () => {
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    expect((await sales.get("/admin/navigations")).status).toBe(403);
  });
});
