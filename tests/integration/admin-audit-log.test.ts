import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { orders } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { loginAsAdmin } from "../setup/accounts";
import { submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * The audit log of the whole backoffice (/admin/audit): every change, newest first, named as
 * the record's own screen names it, filtered by kind of record, person, day and search, each
 * row linked to its record, and the same rows in its CSV. Only the admin scope sees it.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let slug: string;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  ({ slug } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" }));
  const [order] = await db.select({ version: orders.version }).from(orders).where(eq(orders.slug, slug));
  const moved = await submit(admin, `/admin/orders/${slug}`, {
    version: String(order.version),
    intent: "note",
    text: "Kupac zove u petak",
  });
  expect(moved.status, moved.html.slice(0, 300)).toBe(302);
}, 60_000);
afterAll(() => shop?.close());

function rows(html: string) {
  const document = new JSDOM(html).window.document;
  return [...document.querySelectorAll('[data-testid="audit-row"]')].map((row) => ({
    text: row.textContent!.replace(/\s+/g, " ").trim(),
    links: [...row.querySelectorAll("a")].map((a) => a.getAttribute("href")),
  }));
}

describe("the audit log", () => {
  it("lists the order's note with who, the screen's words and a link to the order", async () => {
    const { response, html } = await admin.page(`/admin/audit?entity=order&q=${slug}`);
    expect(response.status).toBe(200);
    const found = rows(html);
    expect(found.length).toBeGreaterThan(0);
    const note = found.find((row) => row.text.includes("Bilješka"))!;
    expect(note, JSON.stringify(found)).toBeDefined();
    expect(note.text).toContain(DEMO_ADMIN.email);
    expect(note.text).toContain("Narudžba #");
    expect(note.text).toContain("Kupac zove u petak");
    expect(note.links).toContain(`/admin/orders/${slug}`);
  });

  it("filters by kind of record and person, offering only those the log holds", async () => {
    const { html } = await admin.page("/admin/audit");
    const document = new JSDOM(html).window.document;
    const kinds = [...document.querySelectorAll('select[name="entity"] option')].map((o) => o.textContent);
    expect(kinds).toContain("Narudžba");
    const people = [...document.querySelectorAll('select[name="actor"] option')].map((o) => o.getAttribute("value"));
    expect(people).toContain(DEMO_ADMIN.email);
    const nobody = await admin.page(`/admin/audit?actor=${encodeURIComponent("nitko@example.com")}`);
    expect(rows(nobody.html)).toEqual([]);
    expect(nobody.html).toContain("Nema promjena za ovaj odabir.");
    const later = await admin.page("/admin/audit?from=2099-01-01");
    expect(rows(later.html)).toEqual([]);
  });

  it("answers a filter no control makes with a translated 400, never a 500", async () => {
    const bad = await admin.page("/admin/audit?entity=%3Cscript%3E");
    expect(bad.response.status).toBe(400);
    expect(bad.html).not.toContain("<script>");
    expect((await admin.get("/admin/audit?sort=password")).status).toBe(400);
  });

  it("downloads the filtered rows as CSV with the changes written out", async () => {
    const response = await admin.get(`/admin/audit.csv?entity=order&q=${slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trimEnd().split("\r\n");
    expect(header).toBe("Vrijeme;Osoba;Zapis;Broj zapisa;Promjena;Izmijenjena polja");
    const note = lines.find((line) => line.includes("Bilješka"))!;
    expect(note).toContain(`${DEMO_ADMIN.email};Narudžba;`);
    expect(note).toContain("Kupac zove u petak");
  });

  it("is closed to the sales and editor scopes", async () => {
    for (const scope of ["sales", "editor"] as const) {
      const staff = await signInAsStaff(new Visitor(shop), await createStaff(shop, scope));
      expect((await staff.get("/admin/audit")).status, scope).toBe(403);
      expect((await staff.get("/admin/audit.csv")).status, scope).toBe(403);
    }
  });
});
