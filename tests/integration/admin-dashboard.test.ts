// Both databases: sums of money and days counted in the shop's time zone by SQL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  comments,
  formSubmissions,
  orderPayments,
  orders,
  priceEnquiries,
  products,
  users,
  type OrderStatus,
  type PaymentGateway,
} from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { addDays } from "~/modules/admin/dashboard.server";
import { shopDay, shopDayStart } from "~/modules/kernel/shop-days";
import { SITE_ID } from "~/modules/kernel/options";
import { recordMoney } from "~/modules/payment/ledger.server";
import { submit } from "../setup/account-helpers";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * The dashboard (decision 0044): each figure counts exactly the list it links to, days
 * are the shop's (Europe/Zagreb), the chart has one bar per day of the last 30, and each
 * scope sees its own figures. Its money follows the shop's one definition (decision 0100):
 * tested against a scripted day of orders, partial payments, cancellations and refunds,
 * made through the backoffice's own forms, and against the customer list and the orders CSV.
 */
let shop: Shop;
let admin: Visitor;
const today = shopDay();
const monthStart = `${today.slice(0, 8)}01`;
const MINUTE = 60_000;
const at = (day: string, minutes: number) => new Date(shopDayStart(day).getTime() + minutes * MINUTE);

type Placed = { slug: string; createdAt: Date; cents: number; gateway: PaymentGateway };
/** What happened to an order after it was placed; `expected` is what the definition makes of it. */
type Scripted = Placed & {
  script: (slug: string) => Promise<void>;
  expected: { sale: boolean; paid: boolean; revenue: number; owed: number };
};
const nothing = async () => {};
const none = { sale: true, paid: false, revenue: 0 };
const scripted: Scripted[] = [
  // Just after midnight in Zagreb (22:01 or 23:01 UTC of the day before): today. Paid by card.
  {
    slug: "2026-700001",
    createdAt: at(today, 1),
    cents: 10_000,
    gateway: "card",
    script: (s) => paidByCard(s),
    expected: { sale: true, paid: true, revenue: 10_000, owed: 0 },
  },
  // A minute before: yesterday's bar, not today's figures.
  {
    slug: "2026-700002",
    createdAt: at(today, -1),
    cents: 20_000,
    gateway: "card",
    script: (s) => paidByCard(s),
    expected: { sale: true, paid: true, revenue: 20_000, owed: 0 },
  },
  // 50,00 of 300,50 arrived by bank: 50,00 is revenue, 250,50 still owed, not paid.
  {
    slug: "2026-700003",
    createdAt: at(today, 2),
    cents: 30_050,
    gateway: "bankTransfer",
    script: (s) => pay(s, "50,00"),
    expected: { ...none, revenue: 5_000, owed: 25_050 },
  },
  {
    slug: "2026-700004",
    createdAt: at(today, 3),
    cents: 4_000,
    gateway: "cashOnDelivery",
    script: nothing,
    expected: { ...none, owed: 4_000 },
  },
  // Cancelled before payment: not a sale.
  {
    slug: "2026-700005",
    createdAt: at(today, 4),
    cents: 5_000,
    gateway: "card",
    script: (s) => move(s, { intent: "cancel", reason: "Odustao" }),
    expected: { sale: false, paid: false, revenue: 0, owed: 0 },
  },
  // Paid in full, cancelled, the money sent back by bank: not a sale.
  {
    slug: "2026-700009",
    createdAt: at(today, 5),
    cents: 6_000,
    gateway: "bankTransfer",
    script: async (s) => {
      await pay(s, "60,00");
      await move(s, { intent: "cancel", reason: "Pogrešna boja" });
      await move(s, { intent: "refund", refundOn: today, refundAmount: "60,00", refundNote: "Izvod 12" });
    },
    expected: { sale: false, paid: false, revenue: 0, owed: 0 },
  },
  // Paid, shipped, delivered, returned, 30,00 of 80,00 sent back so far: a sale of 50,00.
  {
    slug: "2026-700010",
    createdAt: at(today, 6),
    cents: 8_000,
    gateway: "bankTransfer",
    script: async (s) => {
      await pay(s, "80,00");
      await move(s, { intent: "ship", carrier: "", trackingNumber: "", trackingUrl: "" });
      await move(s, { intent: "deliver" });
      await move(s, { intent: "return", reason: "Oštećeno" });
      await move(s, { intent: "refund", refundOn: today, refundAmount: "30,00", refundNote: "" });
    },
    expected: { sale: true, paid: true, revenue: 5_000, owed: 0 },
  },
  // A quote the customer has still to accept and pay: not a sale.
  {
    slug: "2026-700011",
    createdAt: at(today, 7),
    cents: 9_000,
    gateway: "bankTransfer",
    script: (s) => setStatus(s, "draft"),
    expected: { sale: false, paid: false, revenue: 0, owed: 0 },
  },
  {
    slug: "2026-700006",
    createdAt: at(addDays(today, -3), 600),
    cents: 7_000,
    gateway: "card",
    script: async (s) => {
      await paidByCard(s);
      await setStatus(s, "shipped");
    },
    expected: { sale: true, paid: true, revenue: 7_000, owed: 0 },
  },
  // The first bar of the chart and the day before it.
  {
    slug: "2026-700007",
    createdAt: at(addDays(today, -29), 720),
    cents: 8_000,
    gateway: "card",
    script: async (s) => {
      await paidByCard(s);
      await setStatus(s, "delivered");
    },
    expected: { sale: true, paid: true, revenue: 8_000, owed: 0 },
  },
  {
    slug: "2026-700008",
    createdAt: at(addDays(today, -30), 720),
    cents: 9_000,
    gateway: "card",
    script: (s) => paidByCard(s),
    expected: { sale: true, paid: true, revenue: 9_000, owed: 0 },
  },
];
const dayOf = (order: Placed) => shopDay(order.createdAt);

const orderRow = async (slug: string) => (await (await shop.db()).select().from(orders).where(eq(orders.slug, slug)))[0];
/** A backoffice move through the order page's form, as the owner posts it. */
async function move(slug: string, fields: Record<string, string>) {
  const posted = await submit(admin, `/admin/orders/${slug}`, { version: String((await orderRow(slug)).version), ...fields });
  expect(posted.status, `${slug} ${fields.intent}`).toBe(302);
}
const pay = (slug: string, amount: string) => move(slug, { intent: "markPaid", paidOn: today, paidAmount: amount });
/** The card provider took the whole total (its writer is the ledger's, as the card return's). */
async function paidByCard(slug: string) {
  const order = await orderRow(slug);
  await (
    await shop.db()
  ).transaction((tx) =>
    recordMoney(tx, order.id, { kind: "payment", amountCents: order.orderTotalCents, channel: "card", reference: `tp-${slug}` }),
  );
}
async function setStatus(slug: string, status: OrderStatus) {
  await (await shop.db()).update(orders).set({ status }).where(eq(orders.slug, slug));
}

beforeAll(async () => {
  shop = await bootShop();
  admin = await loginAsAdmin(new Visitor(shop));
  const db = await shop.db();
  for (const order of scripted) {
    await placeOrder(shop, DEMO_CUSTOMER.email, {
      slug: order.slug,
      gateway: order.gateway,
      createdAt: order.createdAt,
      deliveryCents: 0,
      lines: [{ name: "Panel", sku: "P-1", quantity: 1, unitCents: order.cents }],
    });
    await order.script(order.slug);
  }
  // The seed's customers registered long ago; two new ones around the 7-day edge.
  await db
    .update(users)
    .set({ createdAt: new Date("2020-01-01T00:00:00Z") })
    .where(eq(users.isBackofficeUser, false));
  await db.insert(users).values([
    { siteId: SITE_ID, email: "nova@example.com", createdAt: at(addDays(today, -6), 1) },
    { siteId: SITE_ID, email: "stara@example.com", createdAt: at(addDays(today, -6), -1) },
  ]);
  // Stock: the threshold is 5 (seed); at it and sold out count, above it, made to order or archived not.
  await db.update(products).set({ stock: null });
  const ids = (await db.select({ id: products.id }).from(products).orderBy(products.id).limit(5)).map((p) => p.id);
  await db.update(products).set({ stock: 5 }).where(eq(products.id, ids[0]));
  await db.update(products).set({ stock: 0 }).where(eq(products.id, ids[1]));
  await db.update(products).set({ stock: 6 }).where(eq(products.id, ids[2]));
  await db.update(products).set({ stock: 1, madeToOrder: true }).where(eq(products.id, ids[3]));
  await db.update(products).set({ stock: 1, archived: true }).where(eq(products.id, ids[4]));
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  await db.insert(comments).values(
    (["pending", "pending", "approved"] as const).map((status) => ({
      siteId: SITE_ID,
      entityType: "product" as const,
      entityId: ids[0],
      userId: customer.id,
      content: "Dobar panel",
      status,
    })),
  );
  const enquiry = {
    siteId: SITE_ID,
    productName: "Panel",
    productSku: "P-1",
    firstName: "Ana",
    email: "ana@example.com",
    content: "Cijena?",
    locale: "hr",
    userType: "anonymous",
  };
  await db.insert(priceEnquiries).values([enquiry, enquiry, { ...enquiry, status: "answered" }]);
  const submission = { siteId: SITE_ID, formSlug: "kontakt", data: {}, email: "ana@example.com", locale: "hr", userType: "anonymous" };
  await db.insert(formSubmissions).values([submission, { ...submission, status: "closed" }]);
}, 180_000);
afterAll(() => shop?.close());

const decode = (text: string) => text.replace(/&amp;/g, "&");
/** The element with this test id, from its opening tag up to the first closing tag of its name. */
function part(html: string, testId: string, tag = "section"): string {
  const found = html.indexOf(`data-testid="${testId}"`);
  expect(found, testId).toBeGreaterThan(-1);
  const start = html.lastIndexOf(`<${tag}`, found);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}
/** A figure: its link and its value. */
function figure(html: string, testId: string) {
  const start = html.lastIndexOf("<a ", html.indexOf(`data-testid="${testId}"`));
  const link = html.slice(start, html.indexOf("</a>", start));
  return {
    href: decode(/href="([^"]+)"/.exec(link)![1]),
    value: /data-testid="figure-value">([^<]*)</.exec(link)![1],
    text: link.replace(/<[^>]+>/g, " "),
  };
}
const euros = (cents: number) =>
  `${(cents / 100)
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")}\u00a0EUR`;
const csvEuros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
async function csvLines(response: Response): Promise<string[][]> {
  expect(response.status).toBe(200);
  return new TextDecoder()
    .decode(await response.arrayBuffer())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
}
const slugsOf = (html: string) => [...html.matchAll(/href="\/admin\/orders\/(2026-7\d+)"/g)].map((m) => m[1]).sort();

describe("/admin dashboard", () => {
  it("shows today's and this month's sales, revenue and what awaits payment by one definition, each linking to its filtered list", async () => {
    const { response, html } = await admin.page("/admin");
    expect(response.status).toBe(200);
    const periods = { "period-today": today, "period-month": monthStart };
    for (const [testId, from] of Object.entries(periods)) {
      const section = part(html, testId);
      const sales = scripted.filter((o) => o.expected.sale && dayOf(o) >= from && dayOf(o) <= today);
      const paid = sales.filter((o) => o.expected.paid);
      const pending = sales.filter((o) => o.expected.owed > 0);
      const all = figure(section, "figure-orders");
      expect(all.value, testId).toBe(String(sales.length));
      expect(all.href).toBe(`/admin/orders?from=${from}&to=${today}&sale=yes`);
      expect(figure(section, "figure-paid")).toMatchObject({
        value: euros(sales.reduce((total, o) => total + o.expected.revenue, 0)),
        href: `/admin/orders?from=${from}&to=${today}&sale=yes&payment=paid`,
      });
      expect(figure(section, "figure-pending")).toMatchObject({
        value: euros(pending.reduce((total, o) => total + o.expected.owed, 0)),
        href: `/admin/orders?from=${from}&to=${today}&sale=yes&payment=pending`,
      });
      // Each link lists exactly the orders its figure counts.
      for (const [name, list] of [
        ["figure-orders", sales],
        ["figure-paid", paid],
        ["figure-pending", pending],
      ] as const) {
        expect(slugsOf((await admin.page(figure(section, name).href)).html), `${testId} ${name}`).toEqual(list.map((o) => o.slug).sort());
      }
    }
    // The scripted day in figures: 700001, 700003, 700004 and 700010 are today's sales;
    // revenue 100,00 + 50,00 (a part paid) + 0 + 50,00 (80,00 less 30,00 sent back).
    const todayPart = part(html, "period-today");
    expect(figure(todayPart, "figure-orders").value).toBe("4");
    expect(figure(todayPart, "figure-paid")).toMatchObject({ value: euros(20_000) });
    expect(figure(todayPart, "figure-paid").text).toContain("2 plaćene u cijelosti");
    expect(figure(todayPart, "figure-pending")).toMatchObject({ value: euros(29_050) });
    expect(figure(todayPart, "figure-pending").text).toContain("2 narudžbe");
    expect(part(html, "revenue-definition", "p")).toContain("Prihod su primljene uplate umanjene za povrate novca");
  });

  it("gives the same revenue in the orders CSV and the customer list, and records every payment and refund in the order's ledger", async () => {
    const [header, ...lines] = await csvLines(await admin.get(`/admin/orders.csv?from=${today}&to=${today}&sale=yes`));
    const column = (name: string) => lines.map((line) => Number(line[header.indexOf(name)].replace(",", ".")) * 100);
    expect(lines.map((line) => line[0]).sort()).toEqual(["2026-700001", "2026-700003", "2026-700004", "2026-700010"]);
    expect(column("Prihod").reduce((a, b) => a + b, 0)).toBe(20_000);
    expect(column("Čeka plaćanje").reduce((a, b) => a + b, 0)).toBe(29_050);

    const sales = scripted.filter((o) => o.expected.sale);
    const [customerHeader, customer] = await csvLines(await admin.get(`/admin/customers.csv?q=${encodeURIComponent(DEMO_CUSTOMER.email)}`));
    expect(customer[customerHeader.indexOf("Narudžbe")]).toBe(String(sales.length));
    expect(customer[customerHeader.indexOf("Ukupno potrošeno")]).toBe(csvEuros(sales.reduce((total, o) => total + o.expected.revenue, 0)));

    const db = await shop.db();
    const refunded = await orderRow("2026-700009");
    const ledger = await db.select().from(orderPayments).where(eq(orderPayments.orderId, refunded.id)).orderBy(orderPayments.id);
    expect(ledger.map((entry) => [entry.kind, entry.amountCents, entry.channel, entry.day, entry.note])).toEqual([
      ["payment", 6_000, "bank", today, ""],
      ["refund", 6_000, "bank", today, "Izvod 12"],
    ]);
    expect(refunded).toMatchObject({ status: "cancelled", paymentStatus: "refunded", paidAmountCents: 6_000, refundedCents: 6_000 });
    expect(await orderRow("2026-700003")).toMatchObject({ paymentStatus: "pending", paidAmountCents: 5_000, paidAt: null });
  });

  it("counts what waits: orders to ship, new enquiries and form submissions, comments, new customers, low stock", async () => {
    const { html } = await admin.page("/admin");
    const toShip = figure(html, "figure-to-ship");
    // Paid and received (700001, 700002, 700008) and cash on delivery received (700004).
    expect(toShip).toMatchObject({ value: "4", href: "/admin/orders?todo=ship" });
    expect(slugsOf((await admin.page(toShip.href)).html)).toEqual(["2026-700001", "2026-700002", "2026-700004", "2026-700008"]);
    expect(figure(html, "figure-enquiries")).toMatchObject({ value: "3", href: "/admin/enquiries?status=new" });
    expect(figure(html, "figure-enquiries").text).toContain("Upiti o cijeni: 2 · obrasci: 1");
    expect(figure(html, "figure-comments")).toMatchObject({ value: "2", href: "/admin/comments" });
    expect(figure(html, "figure-customers")).toMatchObject({ value: "1", href: `/admin/customers?from=${addDays(today, -6)}&to=${today}` });
    expect(figure(html, "figure-low-stock")).toMatchObject({ value: "2", href: "/admin/products?stock=low" });
  });

  it("draws one bar per shop day of the last 30, zero where nothing was sold, with a summary and a table for screen readers", async () => {
    const { html } = await admin.page("/admin");
    const bars = [...part(html, "sales-chart-svg", "svg").matchAll(/data-day="([^"]+)" data-paid="(\d+)" data-pending="(\d+)"/g)].map(
      (m) => [m[1], Number(m[2]), Number(m[3])],
    );
    expect(bars).toHaveLength(30);
    expect(bars[0][0]).toBe(addDays(today, -29));
    expect(bars[29]).toEqual([today, 20_000, 29_050]);
    // 23:59 yesterday in Zagreb is yesterday's bar.
    expect(bars[28]).toEqual([addDays(today, -1), 20_000, 0]);
    expect(bars[26]).toEqual([addDays(today, -3), 7_000, 0]);
    expect(bars[0]).toEqual([addDays(today, -29), 8_000, 0]);
    expect(bars.filter(([, paid, pending]) => paid === 0 && pending === 0)).toHaveLength(26);
    const svg = part(html, "sales-chart-svg", "svg");
    expect(svg).toContain('role="img"');
    expect(decode(/aria-label="([^"]+)"/.exec(svg)![1])).toContain(`prihod ${euros(55_000)}, čeka plaćanje ${euros(29_050)}`);
    const table = part(html, "sales-table", "table");
    expect(table).toContain("Prodaja po danima");
    expect(table.match(/<tr>/g)).toHaveLength(31);
  });

  it("shows a sales user the sales figures and not the comments, an editor the comments and not the revenue", async () => {
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    const salesPage = (await sales.page("/admin")).html;
    for (const testId of ["period-today", "period-month", "figure-to-ship", "figure-enquiries", "figure-customers", "sales-chart"])
      expect(salesPage, testId).toContain(`data-testid="${testId}"`);
    expect(salesPage).not.toContain('data-testid="figure-comments"');

    const editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
    const { response, html } = await editor.page("/admin");
    expect(response.status).toBe(200);
    expect(figure(html, "figure-comments").value).toBe("2");
    for (const testId of ["period-today", "figure-paid", "figure-to-ship", "figure-enquiries", "figure-customers", "sales-chart"])
      expect(html, testId).not.toContain(`data-testid="${testId}"`);
    expect(html).not.toContain("\u00a0EUR");
  });

  it("keeps the loader's data small", async () => {
    const response = await admin.get("/admin.data?_routes=routes%2Fadmin%2Fadmin.index");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(today);
    expect(body.length).toBeLessThan(4_000);
  });
});
