// Both databases: the navigation items' parent links (a self-referencing foreign key that cascades) and the audit's jsonb.
import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, navigationItems, navigations } from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { fieldErrors, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The navigation editor's sub-links and shop-route links (spec §3 ThemeNavigations; the
 * header's main navigation renders a link's children): a link put under a top-level link of
 * the main navigation shows in the header's dropdown in every language; a sub-link under a
 * sub-link, or a sub-link in a footer column, is refused with a translated message and
 * changes nothing; a link to a part of the shop is stored by route name and follows the
 * visitor's language. As a browser without JavaScript posts. Audited.
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

type ViewItem = { label: string; id: string; depth: string };
const navView = async (handle = "main") => {
  const { html } = await admin.page(`/admin/navigations?nav=${handle}`);
  const document = new JSDOM(html).window.document;
  const version = document.querySelector<HTMLInputElement>('form[data-testid="navigation-add"] input[name="version"]')!.value;
  const items: ViewItem[] = [...document.querySelectorAll<HTMLElement>('[data-testid="navigation-item"]')].map((li) => ({
    label: li.dataset.label!,
    depth: li.dataset.depth!,
    id: li.querySelector<HTMLInputElement>('input[name="itemId"]')!.value,
  }));
  return { version, items };
};
const itemOf = (items: ViewItem[], label: string) => items.find((i) => i.label === label)!;

const add = (fields: Record<string, string>, handle = "main") =>
  submit(
    admin,
    `/admin/navigations?nav=${handle}`,
    { intent: "add", linkType: "page", page: "", category: "", route: "", url: "", labelEn: "", labelDe: "", ...fields },
    `/admin/navigations?nav=${handle}`,
  );

/** The header's wide-screen navigation: its links in order, sub-links after their link. */
const headerLinks = async (path: string) => {
  const { html } = await new Visitor(shop).page(path);
  const nav = new JSDOM(html).window.document.querySelector('[data-testid="site-header"] nav')!;
  return [...nav.querySelectorAll("a")].map((a) => ({
    text: a.textContent?.trim(),
    href: a.getAttribute("href"),
    sub: Boolean(a.closest('[data-testid="nav-submenu"]')),
  }));
};

const lastAudit = async () => {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.entity, "navigation")).orderBy(desc(auditLog.id)).limit(1);
  return row;
};

describe("sub-links of the main navigation", () => {
  it("puts a link under a top-level link; the header shows it in that link's dropdown, in every language; audited", async () => {
    await headerLinks("/"); // the header is cached now: the change has to clear it
    const view = await navView();
    const about = itemOf(view.items, "O nama");
    const added = await add({ version: view.version, page: "kontakt", parent: about.id, labelHr: "Pišite nam", labelEn: "Write to us" });
    expect(added.status).toBe(302);
    expect(added.toast?.text).toBe("Poveznica je dodana.");

    const after = await navView();
    const child = itemOf(after.items, "Pišite nam");
    expect(child.depth).toBe("1");
    // Right after its parent (the storefront's order), one level in.
    expect(after.items[after.items.indexOf(itemOf(after.items, "O nama")) + 1]).toEqual(child);
    const [row] = await db
      .select()
      .from(navigationItems)
      .where(eq(navigationItems.id, Number(child.id)));
    expect(row.parentId).toBe(Number(about.id));

    const hr = await headerLinks("/");
    expect(hr).toContainEqual({ text: "Pišite nam", href: "/kontakt", sub: true });
    expect(hr.find((l) => l.text === "O nama")?.sub).toBe(false);
    expect(hr.findIndex((l) => l.text === "Pišite nam")).toBe(hr.findIndex((l) => l.text === "O nama") + 1);
    expect((await headerLinks("/en")).find((l) => l.sub)?.text).toBe("Write to us");

    const audit = await lastAudit();
    expect(audit.action).toBe("add");
    expect(audit.after).toMatchObject({ handle: "main", label: { hr: "Pišite nam", en: "Write to us" }, parentId: Number(about.id) });
  });

  it("refuses a sub-link under a sub-link, a parent of another navigation and a sub-link in a footer column; nothing changes", async () => {
    const view = await navView();
    const child = itemOf(view.items, "Pišite nam");
    const count = async () => (await db.select().from(navigationItems)).length;
    const before = await count();

    const deeper = await add({ version: view.version, page: "reference", parent: child.id, labelHr: "Preduboko" });
    expect(deeper.status).toBe(400);
    expect(fieldErrors(deeper.html, "navigation-add")["navigation-add-parent"]).toBe(
      "Podpoveznica ne može imati svoje podpoveznice: odaberite poveznicu glavne razine.",
    );

    const footer = await navView("footer1");
    const foreign = await add({ version: view.version, page: "reference", parent: footer.items[0].id, labelHr: "Tuđa" });
    expect(foreign.status).toBe(400);
    expect(fieldErrors(foreign.html, "navigation-add")["navigation-add-parent"]).toBe("Odaberite postojeću poveznicu ove navigacije.");

    const inFooter = await add(
      { version: footer.version, page: "reference", parent: footer.items[0].id, labelHr: "U podnožju" },
      "footer1",
    );
    expect(inFooter.status).toBe(400);
    expect(inFooter.html).toContain("Podpoveznice ima samo glavna navigacija.");
    // The footer's form offers no parent at all.
    expect(new JSDOM(inFooter.html).window.document.querySelector('[name="parent"]')).toBeNull();

    expect(await count()).toBe(before);
    expect((await navView()).version).toBe(view.version);
  });

  it("moves a sub-link among its siblings only, and removing a link removes its sub-links (named in the audit)", async () => {
    let view = await navView();
    const about = itemOf(view.items, "O nama");
    const second = await add({ version: view.version, linkType: "route", route: "events", parent: about.id, labelHr: "Događanja" });
    expect(second.status).toBe(302);
    view = await navView();
    const moved = await submit(
      admin,
      "/admin/navigations?nav=main",
      { intent: "move", version: view.version, itemId: itemOf(view.items, "Događanja").id, to: "up" },
      "/admin/navigations?nav=main",
    );
    expect(moved.status).toBe(302);
    view = await navView();
    const order = view.items.map((i) => i.label);
    expect(order.slice(order.indexOf("O nama"), order.indexOf("O nama") + 3)).toEqual(["O nama", "Događanja", "Pišite nam"]);

    const removed = await submit(
      admin,
      "/admin/navigations?nav=main",
      { intent: "remove", version: view.version, itemId: about.id },
      "/admin/navigations?nav=main",
    );
    expect(removed.status).toBe(302);
    const labels = (await navView()).items.map((i) => i.label);
    expect(labels).not.toContain("Pišite nam");
    expect(labels).not.toContain("Događanja");
    expect((await headerLinks("/")).map((l) => l.text)).not.toContain("Pišite nam");
    expect((await lastAudit()).before).toMatchObject({ label: { hr: "O nama" }, children: [{ hr: "Događanja" }, { hr: "Pišite nam" }] });
  });
});

describe("a link to a part of the shop", () => {
  it("is stored by route name and leads to that route in the visitor's language", async () => {
    const view = await navView();
    const added = await add({
      version: view.version,
      linkType: "route",
      route: "search",
      labelHr: "Pretraži",
      labelEn: "Search",
      labelDe: "Suchen",
    });
    expect(added.status).toBe(302);
    const [row] = await db.select().from(navigationItems).where(eq(navigationItems.target, "search"));
    expect(row).toMatchObject({ linkType: "route", parentId: null });
    expect((await headerLinks("/")).at(-1)).toEqual({ text: "Pretraži", href: "/pretraga", sub: false });
    expect((await headerLinks("/en")).at(-1)).toEqual({ text: "Search", href: "/en/search", sub: false });
    expect((await headerLinks("/de")).at(-1)).toEqual({ text: "Suchen", href: "/de/suche", sub: false });
    expect((await navView()).items.at(-1)?.label).toBe("Pretraži");
  });

  it("refuses a route that is not offered, with a translated message", async () => {
    const view = await navView();
    const [main] = await db.select().from(navigations).where(eq(navigations.handle, "main"));
    const before = await db.select().from(navigationItems).where(eq(navigationItems.navigationId, main.id));
    const refused = await add({ version: view.version, linkType: "route", route: "profileOrderInvoice", labelHr: "Račun" });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.html, "navigation-add")["navigation-add-route"]).toBe("Odaberite dio trgovine s popisa.");
    const after = await db
      .select()
      .from(navigationItems)
      .where(and(eq(navigationItems.navigationId, main.id)));
    expect(after).toHaveLength(before.length);
  });
});
