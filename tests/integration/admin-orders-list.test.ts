// Both databases: the list pattern's filters, sort and CSV are SQL (ILIKE, collation, paging).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { recordMoney } from "~/modules/payment/ledger.server";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The backoffice order list (decisions 0038 and 0039) and with it the list pattern every later
 * list copies (DESIGN.md "One list pattern"): search, filters, sort, pages and the CSV of
 * exactly the filtered rows, all from the URL.
 */
let shop: Shop;
let admin: Visitor;
const placed: { slug: string }[] = [];

beforeAll(async () => {
  shop = await bootShop();
  admin = await loginAsAdmin(new Visitor(shop));
  const db = await shop.db();
  placed.push(
    await placeOrder(shop, DEMO_CUSTOMER.email, {
      gateway: "bankTransfer",
      slug: "2026-800001",
      createdAt: new Date("2026-11-02T09:00:00Z"),
    }),
  );
  placed.push(
    await placeOrder(shop, DEMO_CUSTOMER.email, {
      gateway: "card",
      slug: "2026-800002",
      createdAt: new Date("2026-11-10T09:00:00Z"),
      lines: [{ name: 'Opšav; "zidni"', sku: "=cmd", quantity: 1, unitCents: 123456 }],
    }),
  );
  placed.push(
    await placeOrder(shop, DEMO_CUSTOMER.email, {
      gateway: "cashOnDelivery",
      slug: "2026-800003",
      createdAt: new Date("2026-11-20T22:30:00Z"),
    }),
  );
  // Paid by card: the provider's payment goes into the order's ledger.
  const [paid] = await db.select().from(orders).where(eq(orders.slug, "2026-800002"));
  await db.transaction((tx) => recordMoney(tx, paid.id, { kind: "payment", amountCents: paid.orderTotalCents, channel: "card" }));
}, 60_000);
afterAll(() => shop?.close());

// The orders' rows: their numbers, not the list's "Nova narudžba" link (/admin/orders/new).
const rowsOf = (html: string) => [...html.matchAll(/href="\/admin\/orders\/([^"]+)"/g)].map((m) => m[1]).filter((slug) => slug !== "new");

describe("/admin/orders", () => {
  it("lists the orders newest first with number, customer, total, payment and status", async () => {
    const { response, html } = await admin.page("/admin/orders");
    expect(response.status).toBe(200);
    const slugs = rowsOf(html).filter((slug) => slug.startsWith("2026-8"));
    expect(slugs).toEqual(["2026-800003", "2026-800002", "2026-800001"]);
    expect(html).toContain("Ivana Kovačić");
    expect(html).toContain("Čeka plaćanje");
    expect(html).toContain("Virman");
  });

  it("searches by number, name and e-mail, and filters by payment status, method and day range (shop time)", async () => {
    expect(rowsOf((await admin.page("/admin/orders?q=800002")).html)).toEqual(["2026-800002"]);
    expect(rowsOf((await admin.page("/admin/orders?q=kovačić&method=bankTransfer")).html)).toEqual(["2026-800001"]);
    expect(rowsOf((await admin.page("/admin/orders?payment=paid&q=2026-8")).html)).toEqual(["2026-800002"]);
    // 2026-11-20T22:30Z is 23:30 on the 20th in Zagreb: inside "to 2026-11-20", outside "from 2026-11-21".
    expect(rowsOf((await admin.page("/admin/orders?q=2026-8&from=2026-11-10&to=2026-11-20")).html)).toEqual(["2026-800003", "2026-800002"]);
    expect(rowsOf((await admin.page("/admin/orders?q=2026-8&from=2026-11-21")).html)).toEqual([]);
  });

  it("sorts by total and pages with the page size", async () => {
    const sorted = rowsOf((await admin.page("/admin/orders?q=2026-8&sort=total&dir=desc")).html);
    expect(sorted[0]).toBe("2026-800002");
    const { html } = await admin.page("/admin/orders?q=2026-8&perPage=25&page=9");
    // A page past the end shows the last page.
    expect(rowsOf(html)).toHaveLength(3);
    expect(html).toMatch(/Prikazano 1–3 od 3/);
  });

  it("refuses a query no control produces with a translated 400, not a 500", async () => {
    for (const query of ["sort=password", "perPage=7", "page=x", "from=2026-13-45", "status=lost"]) {
      const { response, html } = await admin.page(`/admin/orders?${query}`);
      expect(response.status, query).toBe(400);
      expect(html).toContain("Neispravan upit popisa.");
    }
  });

  it("exports exactly the filtered list as CSV: UTF-8 with BOM, ';' separated, Croatian money, formulas defused", async () => {
    const response = await admin.get("/admin/orders.csv?q=2026-8&method=card");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="narudzbe-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Broj;Datum;Kupac;E-mail;Ukupno;Primljeno;Vraćeno;Prihod;Čeka plaćanje;Valuta;Način plaćanja;Status plaćanja;Status narudžbe",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^2026-800002;10\. 11\. 2026\. 10:00;Ivana Kovačić;/);
    // Total, received, refunded, revenue, owed: the dashboard's definition per order.
    expect(lines[1]).toContain(";1239,56;1239,56;0,00;1239,56;0,00;EUR;");
    expect(lines[1]).toContain(";Plaćeno;Zaprimljena");
  });
});
