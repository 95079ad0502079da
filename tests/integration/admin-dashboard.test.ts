// Both databases: sums of money and days counted in the shop's time zone by SQL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  comments,
  formSubmissions,
  orders,
  priceEnquiries,
  products,
  users,
  type OrderStatus,
  type PaymentGateway,
  type PaymentStatus,
} from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { addDays } from "~/modules/admin/dashboard.server";
import { shopDay, shopDayStart } from "~/modules/kernel/shop-days";
import { SITE_ID } from "~/modules/kernel/options";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * The dashboard (decision 0044): each figure counts exactly the list it links to, days
 * are the shop's (Europe/Zagreb), the chart has one bar per day of the last 30, and each
 * scope sees its own figures.
 */
let shop: Shop;
let admin: Visitor;
const today = shopDay();
const monthStart = `${today.slice(0, 8)}01`;
const MINUTE = 60_000;
const at = (day: string, minutes: number) => new Date(shopDayStart(day).getTime() + minutes * MINUTE);

type Placed = { slug: string; createdAt: Date; cents: number; gateway: PaymentGateway; payment: PaymentStatus; status: OrderStatus };
const placed: Placed[] = [
  // Just after midnight in Zagreb (22:01 or 23:01 UTC of the day before): today.
  { slug: "2026-700001", createdAt: at(today, 1), cents: 10_000, gateway: "card", payment: "paid", status: "received" },
  // A minute before: yesterday's bar, not today's figures.
  { slug: "2026-700002", createdAt: at(today, -1), cents: 20_000, gateway: "card", payment: "paid", status: "received" },
  { slug: "2026-700003", createdAt: at(today, 2), cents: 30_050, gateway: "bankTransfer", payment: "pending", status: "received" },
  { slug: "2026-700004", createdAt: at(today, 3), cents: 4_000, gateway: "cashOnDelivery", payment: "pending", status: "received" },
  { slug: "2026-700005", createdAt: at(today, 4), cents: 5_000, gateway: "card", payment: "cancelled", status: "cancelled" },
  { slug: "2026-700006", createdAt: at(addDays(today, -3), 600), cents: 7_000, gateway: "card", payment: "paid", status: "shipped" },
  // The first bar of the chart and the day before it.
  { slug: "2026-700007", createdAt: at(addDays(today, -29), 720), cents: 8_000, gateway: "card", payment: "paid", status: "delivered" },
  { slug: "2026-700008", createdAt: at(addDays(today, -30), 720), cents: 9_000, gateway: "card", payment: "paid", status: "received" },
];
const dayOf = (order: Placed) => shopDay(order.createdAt);

beforeAll(async () => {
  shop = await bootShop();
  admin = await loginAsAdmin(new Visitor(shop));
  const db = await shop.db();
  for (const order of placed) {
    await placeOrder(shop, DEMO_CUSTOMER.email, {
      slug: order.slug,
      gateway: order.gateway,
      createdAt: order.createdAt,
      deliveryCents: 0,
      lines: [{ name: "Panel", sku: "P-1", quantity: 1, unitCents: order.cents }],
    });
    await db.update(orders).set({ paymentStatus: order.payment, status: order.status }).where(eq(orders.slug, order.slug));
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
}, 60_000);
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
const sum = (list: Placed[]) => list.reduce((total, order) => total + order.cents, 0);
const slugsOf = (html: string) => [...html.matchAll(/href="\/admin\/orders\/(2026-7\d+)"/g)].map((m) => m[1]).sort();

describe("/admin dashboard", () => {
  it("shows today's and this month's orders, paid and awaiting payment, each linking to its filtered list", async () => {
    const { response, html } = await admin.page("/admin");
    expect(response.status).toBe(200);
    const periods = { "period-today": today, "period-month": monthStart };
    for (const [testId, from] of Object.entries(periods)) {
      const section = part(html, testId);
      const inPeriod = placed.filter((o) => dayOf(o) >= from && dayOf(o) <= today);
      const paid = inPeriod.filter((o) => o.payment === "paid");
      const pending = inPeriod.filter((o) => o.payment === "pending");
      const all = figure(section, "figure-orders");
      expect(all.value, testId).toBe(String(inPeriod.length));
      expect(all.href).toBe(`/admin/orders?from=${from}&to=${today}`);
      expect(figure(section, "figure-paid")).toMatchObject({
        value: euros(sum(paid)),
        href: `/admin/orders?from=${from}&to=${today}&payment=paid`,
      });
      expect(figure(section, "figure-pending")).toMatchObject({
        value: euros(sum(pending)),
        href: `/admin/orders?from=${from}&to=${today}&payment=pending`,
      });
      // Each link lists exactly the orders its figure counts.
      for (const [name, list] of [
        ["figure-orders", inPeriod],
        ["figure-paid", paid],
        ["figure-pending", pending],
      ] as const) {
        expect(slugsOf((await admin.page(figure(section, name).href)).html), `${testId} ${name}`).toEqual(list.map((o) => o.slug).sort());
      }
    }
    const todayPart = part(html, "period-today");
    expect(figure(todayPart, "figure-orders").value).toBe("4");
    expect(figure(todayPart, "figure-paid")).toMatchObject({ value: euros(10_000) });
    expect(figure(todayPart, "figure-paid").text).toContain("1 narudžba");
    expect(figure(todayPart, "figure-pending")).toMatchObject({ value: euros(34_050) });
    expect(figure(todayPart, "figure-pending").text).toContain("2 narudžbe");
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
    expect(bars[29]).toEqual([today, 10_000, 34_050]);
    // 23:59 yesterday in Zagreb is yesterday's bar.
    expect(bars[28]).toEqual([addDays(today, -1), 20_000, 0]);
    expect(bars[26]).toEqual([addDays(today, -3), 7_000, 0]);
    expect(bars[0]).toEqual([addDays(today, -29), 8_000, 0]);
    expect(bars.filter(([, paid, pending]) => paid === 0 && pending === 0)).toHaveLength(26);
    const svg = part(html, "sales-chart-svg", "svg");
    expect(svg).toContain('role="img"');
    expect(decode(/aria-label="([^"]+)"/.exec(svg)![1])).toContain(`plaćeno ${euros(45_000)}, čeka plaćanje ${euros(34_050)}`);
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
