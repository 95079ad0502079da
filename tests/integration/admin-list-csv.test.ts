import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { comments, failedRequests, forms, mailTemplates, products, productTranslations, users } from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * The CSV of the backoffice lists that had none (comments, database forms, e-mail templates
 * and the logged 404s), by the one list pattern (DESIGN.md "One list pattern", decision
 * 0038): the same query as the list on its `.csv` route, UTF-8 with a BOM, `;` between
 * fields, headed in the backoffice user's language, a formula-like cell made harmless, and
 * only for the scope that opens the list.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let productName: string;

// 08:00 UTC is 09:00 in Zagreb in November: the shop's day and time, as the list shows it.
const NOV_12 = new Date("2026-11-12T08:00:00Z");
const NOV_13 = new Date("2026-11-13T08:00:00Z");

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));

  const [p] = await db
    .select({ id: products.id, name: productTranslations.name })
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
    .where(eq(products.archived, false))
    .limit(1);
  productName = p.name;
  const [author] = await db
    .insert(users)
    .values({ siteId: 1, email: "csv.komentar@example.com", firstName: "Iva", lastName: "Kovač" })
    .returning();
  await db.insert(comments).values([
    {
      siteId: 1,
      entityType: "product",
      entityId: p.id,
      userId: author.id,
      rating: 2,
      content: "Sporo stiglo",
      status: "pending",
      createdAt: NOV_12,
    },
    {
      siteId: 1,
      entityType: "product",
      entityId: p.id,
      userId: author.id,
      rating: 5,
      content: '=HYPERLINK("http://x")',
      status: "approved",
      reply: "Hvala; vidimo se",
      createdAt: NOV_13,
    },
  ]);

  await db.insert(forms).values([
    {
      siteId: 1,
      slug: "csv-fotografije",
      title: { hr: "CSV fotografije" },
      fields: [
        { name: "ime", type: "text", label: { hr: "Ime" }, required: true },
        { name: "foto", type: "file", label: { hr: "Fotografije" }, required: false },
      ],
      createdAt: NOV_12,
    },
    {
      siteId: 1,
      slug: "csv-ponuda",
      title: { hr: "CSV ponuda" },
      fields: [{ name: "ime", type: "text", label: { hr: "Ime" }, required: true }],
      createdAt: NOV_13,
    },
  ]);

  await db.insert(mailTemplates).values({
    siteId: 1,
    kind: "welcome",
    locale: "en",
    subject: "Welcome",
    bodyHtml: "<p>Hi</p>",
    version: 1,
    updatedByEmail: "urednik@alu-krov.hr",
    updatedAt: NOV_12,
  });

  await db.insert(failedRequests).values([
    { path: "/csv-stari-katalog", hits: 7, lastSeenAt: NOV_12 },
    { path: "/csv-stara-akcija", hits: 3, lastSeenAt: NOV_13 },
  ]);
}, 60_000);
afterAll(() => shop?.close());

/** Where the list's "Izvoz CSV" link leads. */
const csvLink = (html: string) => new JSDOM(html).window.document.querySelector('[data-testid="csv-export"]')?.getAttribute("href");

async function csv(visitor: Visitor, path: string) {
  const response = await visitor.get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  // Response.text() drops a BOM, as a browser does: read the bytes.
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)], "UTF-8 with a BOM").toEqual([0xef, 0xbb, 0xbf]);
  return { response, lines: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(3)).trimEnd().split("\r\n") };
}

describe("comments (/admin/comments.csv)", () => {
  it("exports exactly the filtered comments, formula-like text made harmless", async () => {
    const { response, lines } = await csv(admin, "/admin/comments.csv?q=csv.komentar");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="komentari-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(lines[0]).toBe("Datum;Stranica;Autor;E-mail;Ocjena;Tekst komentara;Stanje;Odgovor");
    // Newest first, as the list sorts by default.
    expect(lines.slice(1)).toEqual([
      `13. 11. 2026. 09:00;Proizvod: ${productName};Iva Kovač;csv.komentar@example.com;5;"'=HYPERLINK(""http://x"")";Objavljen;"Hvala; vidimo se"`,
      `12. 11. 2026. 09:00;Proizvod: ${productName};Iva Kovač;csv.komentar@example.com;2;Sporo stiglo;Čeka odobrenje;`,
    ]);
    const pending = await csv(admin, "/admin/comments.csv?q=csv.komentar&status=pending");
    expect(pending.lines).toHaveLength(2);
    expect(pending.lines[1]).toContain("Sporo stiglo");
    expect((await csv(admin, "/admin/comments.csv?q=csv.komentar&rating=4")).lines).toHaveLength(1);
  });

  it("is offered under the list and headed in the backoffice user's language", async () => {
    const { html } = await admin.page("/admin/comments?q=csv.komentar&status=pending&page=1");
    // The list's own query without its page: the whole filtered list.
    expect(csvLink(html)).toBe("/admin/comments.csv?q=csv.komentar&status=pending");
    // The backoffice speaks the language the user last chose on the site (its locale cookie).
    const editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
    await (await editor.get("/en")).text();
    const english = await csv(editor, "/admin/comments.csv?q=csv.komentar");
    expect(english.lines[0]).toBe("Date;Page;Author;E-mail;Rating;Comment text;State;Reply");
  });
});

describe("database forms (/admin/forms.csv)", () => {
  it("exports exactly the filtered forms in the list's order", async () => {
    const { response, lines } = await csv(admin, "/admin/forms.csv?q=csv-&sort=slug&dir=asc");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="obrasci-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(lines[0]).toBe("Obrazac;Slug;Polja;Datoteke;Poslano;Zadnje poslano;Izrađen");
    expect(lines.slice(1)).toEqual([
      "CSV fotografije;csv-fotografije;2;Da;0;;12. 11. 2026.",
      "CSV ponuda;csv-ponuda;1;Ne;0;;13. 11. 2026.",
    ]);
    expect((await csv(admin, "/admin/forms.csv?q=ponuda")).lines.slice(1)).toEqual(["CSV ponuda;csv-ponuda;1;Ne;0;;13. 11. 2026."]);
    expect(csvLink((await admin.page("/admin/forms?q=ponuda")).html)).toBe("/admin/forms.csv?q=ponuda");
  });
});

describe("e-mail templates (/admin/templates.csv)", () => {
  it("exports every mail kind of the filtered list with its own languages and last change", async () => {
    const all = await csv(admin, "/admin/templates.csv");
    expect(all.response.headers.get("Content-Disposition")).toMatch(/filename="predlosci-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(all.lines[0]).toBe("Poruka;Oznaka;CMS opcija;Vlastiti predložak;Zadnja promjena;Promijenio");
    // Every kind, not one page of them (the list shows 25 a page).
    expect(all.lines.length).toBeGreaterThan(15);
    expect(all.lines).toContain("Nova lozinka;passwordReset;PasswordResetEmailTemplate;;;");
    const customised = await csv(admin, "/admin/templates.csv?state=customised&language=en");
    expect(customised.lines.slice(1)).toEqual([
      "Dobrodošlica;welcome;RegistrationEmailTemplate;Engleski;12. 11. 2026. 09:00;urednik@alu-krov.hr",
    ]);
    expect((await csv(admin, "/admin/templates.csv?state=customised&language=de")).lines).toHaveLength(1);
    expect(csvLink((await admin.page("/admin/templates?state=customised")).html)).toBe("/admin/templates.csv?state=customised");
  });
});

describe("the logged 404s (/admin/redirects/not-found.csv)", () => {
  it("exports exactly the filtered log, most hits first", async () => {
    const { response, lines } = await csv(admin, "/admin/redirects/not-found.csv?q=csv-");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="nepostojece-adrese-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(lines).toEqual([
      "Putanja;Pogoci;Zadnji put",
      "/csv-stari-katalog;7;12. 11. 2026. 09:00",
      "/csv-stara-akcija;3;13. 11. 2026. 09:00",
    ]);
    expect((await csv(admin, "/admin/redirects/not-found.csv?q=akcija")).lines).toHaveLength(2);
    expect(csvLink((await admin.page("/admin/redirects/not-found?q=akcija")).html)).toBe("/admin/redirects/not-found.csv?q=akcija");
  });
});

describe("scopes", () => {
  it("refuses the exports to a scope that does not open the list, and a bad query with a 400", async () => {
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    for (const path of ["/admin/comments.csv", "/admin/forms.csv", "/admin/templates.csv", "/admin/redirects/not-found.csv"]) {
      const response = await sales.get(path);
      expect(response.status, path).toBe(403);
      expect(await response.text()).not.toContain("csv.komentar");
    }
    expect((await new Visitor(shop).get("/admin/comments.csv")).headers.get("Location")).toMatch(/^\/adminLogin/);
    const editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
    expect((await editor.get("/admin/comments.csv?q=csv.komentar")).status).toBe(200);
    expect((await admin.get("/admin/comments.csv?status=lost")).status).toBe(400);
    expect((await admin.get("/admin/templates.csv?sort=nothing")).status).toBe(400);
  });
});
