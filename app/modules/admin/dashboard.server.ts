import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { comments, formSubmissions, orders, priceEnquiries, products, users } from "~/.server/db/schema";
import { SHOP_TIME_ZONE } from "~/lib/format";
import { hasScope, type ScreenScope } from "~/lib/backoffice-scopes";
import { SERVICE_ROUTES } from "~/lib/route-files";
import { lowStock } from "~/modules/catalog-admin/low-stock.server";
import { toShip } from "~/modules/order/order-list.server";
import { awaitingPayment, isSale, owedCents, revenueCents } from "~/modules/order/revenue.server";
import { SITE_ID, lowStockThreshold } from "~/modules/kernel/options";
import { shopDay, shopDayEnd, shopDayStart } from "~/modules/kernel/shop-days";

/**
 * The dashboard's figures (decision 0044), each the count of exactly the list it links
 * to, in two queries: the orders of the last 30 shop days (and this month) grouped by shop
 * day, and one row of counts. A user sees the figures of the screens their scope opens:
 * the scope is the one the linked screen declares in the route table, so the dashboard
 * never offers a link that answers 403.
 */
export const CHART_DAYS = 30;
/** "New customers" are those who registered in the last 7 shop days, today included. */
export const NEW_CUSTOMER_DAYS = 7;

/**
 * The sales of a period by the shop's one definition (order/revenue.server.ts): how many,
 * how many paid in full, their revenue (received less refunded), and those still awaiting
 * payment with what they still owe.
 */
export type PeriodOrders = { orders: number; paid: number; revenueCents: number; pending: number; owedCents: number };
/** One bar of the chart: [shop day, revenue cents, owed cents] (small in the loader's JSON). */
export type DaySales = [day: string, revenueCents: number, owedCents: number];

export type Dashboard = {
  today: string;
  sales: { today: PeriodOrders; month: PeriodOrders; days: DaySales[]; toShip: number; links: SalesLinks } | null;
  enquiries: { price: number; forms: number; href: string } | null;
  customers: { count: number; href: string } | null;
  lowStock: { count: number; threshold: number; href: string } | null;
  comments: { count: number; href: string } | null;
};
type PeriodLinks = { all: string; paid: string; pending: string };
export type SalesLinks = { today: PeriodLinks; month: PeriodLinks; toShip: string };

const ADMIN_SCREENS = SERVICE_ROUTES.find((route) => route.path === "admin")?.children ?? [];

/** The scope of the screen at /admin/<path>; screens other issues still build fall back to the scope DESIGN.md gives them. */
function screenScope(path: string, fallback: ScreenScope): ScreenScope {
  return ADMIN_SCREENS.find((child) => child.path === path)?.scope ?? fallback;
}

/** The shop day `days` after (or before, when negative) `isoDay`. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function periodLinks(from: string, to: string): PeriodLinks {
  const base = `/admin/orders?from=${from}&to=${to}&sale=yes`;
  return { all: base, paid: `${base}&payment=paid`, pending: `${base}&payment=pending` };
}

const count = (value: unknown) => Number(value ?? 0);

export async function loadDashboard(scopes: readonly string[], options: Record<string, unknown>, now = new Date()): Promise<Dashboard> {
  const today = shopDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const chartStart = addDays(today, 1 - CHART_DAYS);
  const customersFrom = addDays(today, 1 - NEW_CUSTOMER_DAYS);
  const sees = (path: string, fallback: ScreenScope) => hasScope(scopes, screenScope(path, fallback));
  const show = {
    sales: sees("orders", "sales"),
    enquiries: sees("enquiries", "sales"),
    customers: sees("customers", "sales"),
    lowStock: sees("products", "admin"),
    comments: sees("comments", "editor"),
  };
  const threshold = lowStockThreshold(options);
  const db = await getDb();

  const counts = sql.join(
    [
      show.sales ? sql`(select count(*) from ${orders} where ${and(eq(orders.siteId, SITE_ID), toShip)}) as to_ship` : sql`0 as to_ship`,
      show.enquiries
        ? sql`(select count(*) from ${priceEnquiries} where ${and(eq(priceEnquiries.siteId, SITE_ID), eq(priceEnquiries.status, "new"))}) as price_enquiries`
        : sql`0 as price_enquiries`,
      show.enquiries
        ? sql`(select count(*) from ${formSubmissions} where ${and(eq(formSubmissions.siteId, SITE_ID), eq(formSubmissions.status, "new"), isNull(formSubmissions.confirmTokenHash))}) as form_submissions`
        : sql`0 as form_submissions`,
      show.customers
        ? sql`(select count(*) from ${users} where ${and(eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, false), gte(users.createdAt, shopDayStart(customersFrom)))}) as customers`
        : sql`0 as customers`,
      // What needs restocking: exactly the rows of /admin/products?stock=low (one rule, low-stock.server.ts).
      show.lowStock ? sql`(select count(*) from ${products} where ${lowStock(threshold)}) as low_stock` : sql`0 as low_stock`,
      show.comments
        ? sql`(select count(*) from ${comments} where ${and(eq(comments.siteId, SITE_ID), eq(comments.status, "pending"))}) as comments`
        : sql`0 as comments`,
    ],
    sql`, `,
  );
  const [figures, days] = await Promise.all([
    db.execute(sql`select ${counts}`).then((result) => (result as unknown as { rows: Record<string, unknown>[] }).rows[0]),
    show.sales ? salesByDay(monthStart < chartStart ? monthStart : chartStart, today) : Promise.resolve(new Map<string, PeriodOrders>()),
  ]);

  const sum = (from: string): PeriodOrders => {
    const total: PeriodOrders = { orders: 0, paid: 0, revenueCents: 0, pending: 0, owedCents: 0 };
    for (const [day, figures] of days) {
      if (day < from) continue;
      for (const key of Object.keys(total) as (keyof PeriodOrders)[]) total[key] += figures[key];
    }
    return total;
  };
  const chart: DaySales[] = Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = addDays(chartStart, i);
    const figures = days.get(day);
    return [day, figures?.revenueCents ?? 0, figures?.owedCents ?? 0];
  });

  return {
    today,
    sales: show.sales
      ? {
          today: sum(today),
          month: sum(monthStart),
          days: chart,
          toShip: count(figures.to_ship),
          links: { today: periodLinks(today, today), month: periodLinks(monthStart, today), toShip: "/admin/orders?todo=ship" },
        }
      : null,
    enquiries: show.enquiries
      ? { price: count(figures.price_enquiries), forms: count(figures.form_submissions), href: "/admin/enquiries?status=new" }
      : null,
    customers: show.customers ? { count: count(figures.customers), href: `/admin/customers?from=${customersFrom}&to=${today}` } : null,
    lowStock: show.lowStock ? { count: count(figures.low_stock), threshold, href: "/admin/products?stock=low" } : null,
    comments: show.comments ? { count: count(figures.comments), href: "/admin/comments" } : null,
  };
}

/** Sales per shop day from `from` to `to` (inclusive), days without orders left out. */
async function salesByDay(from: string, to: string): Promise<Map<string, PeriodOrders>> {
  const db = await getDb();
  // The zone as a literal, not a parameter: GROUP BY must see the same expression as SELECT.
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const paid = sql`${orders.paymentStatus} = 'paid'`;
  const rows = await db
    .select({
      day,
      orders: sql<string>`count(*)`,
      paid: sql<string>`count(*) filter (where ${paid})`,
      revenueCents: sql<string>`coalesce(sum(${revenueCents()}), 0)`,
      pending: sql<string>`count(*) filter (where ${awaitingPayment()})`,
      owedCents: sql<string>`coalesce(sum(${owedCents()}) filter (where ${awaitingPayment()}), 0)`,
    })
    .from(orders)
    // The range on (site_id, created_at) uses the orders_site_created index.
    .where(and(eq(orders.siteId, SITE_ID), isSale(), gte(orders.createdAt, shopDayStart(from)), lt(orders.createdAt, shopDayEnd(to))))
    .groupBy(day);
  return new Map(
    rows.map((row) => [
      row.day,
      {
        orders: count(row.orders),
        paid: count(row.paid),
        revenueCents: count(row.revenueCents),
        pending: count(row.pending),
        owedCents: count(row.owedCents),
      },
    ]),
  );
}
