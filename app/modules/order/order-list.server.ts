import { and, asc, count, desc, eq, ilike, inArray, not, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import {
  ORDER_STATUSES,
  PAYMENT_GATEWAYS,
  PAYMENT_STATUSES,
  orders,
  type OrderStatus,
  type PaymentGateway,
  type PaymentStatus,
} from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { DAY_RANGE, inDayRange, likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { SITE_ID } from "~/modules/kernel/options";
import { isSale, orderFigures } from "./revenue.server";

/**
 * The backoffice order list (decision 0039): search by number, name or e-mail; filters
 * by fulfilment status, payment status, payment method and the day range it was placed
 * in (shop time); sorted by date, number or total; one page, or every matching row for
 * the CSV. The example of the list pattern (app/modules/kernel/list.server.ts).
 */
export const orderListQuery = listQuery(
  { sorts: ["createdAt", "slug", "total"], sort: "createdAt", dir: "desc" },
  {
    status: z.enum(ORDER_STATUSES).optional(),
    payment: z.enum(PAYMENT_STATUSES).optional(),
    method: z.enum(PAYMENT_GATEWAYS).optional(),
    ...DAY_RANGE,
    // What is waiting for the shop (the dashboard's "to ship" figure links here).
    todo: z.enum(["ship"]).optional(),
    // Sales by the shop's one definition (revenue.server.ts): the dashboard's figures link here.
    sale: z.enum(["yes", "no"]).optional(),
  },
);
export type OrderListQuery = z.output<typeof orderListQuery>;

export type OrderListRow = {
  id: number;
  slug: string;
  createdAt: string;
  customer: string;
  email: string;
  totalCents: number;
  currencyLabel: string;
  paymentMethodName: string;
  paymentGateway: PaymentGateway;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  receivedCents: number;
  refundedCents: number;
  /** The order's revenue and what it still owes, by the definition the dashboard uses. */
  revenueCents: number;
  owedCents: number;
};

/**
 * Orders to ship: received (not yet shipped) and either paid, or cash on delivery, which is
 * paid when it arrives. The dashboard counts the same condition it links to.
 */
export const toShip = and(
  inArray(orders.status, ["received", "processing"]),
  or(eq(orders.paymentStatus, "paid"), and(eq(orders.paymentGateway, "cashOnDelivery"), eq(orders.paymentStatus, "pending"))),
)!;

const customerName = sql<string>`trim(concat(${orders.billingAddress}->>'firstName', ' ', ${orders.billingAddress}->>'lastName'))`;

function conditions(query: OrderListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(orders.siteId, SITE_ID)];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(
      or(
        ilike(orders.slug, pattern),
        ilike(orders.email, pattern),
        ilike(customerName, pattern),
        ilike(sql`${orders.billingAddress}->>'companyName'`, pattern),
      ),
    );
  }
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.payment) where.push(eq(orders.paymentStatus, query.payment));
  if (query.method) where.push(eq(orders.paymentGateway, query.method));
  where.push(...inDayRange(orders.createdAt, query));
  if (query.todo === "ship") where.push(toShip);
  if (query.sale) where.push(query.sale === "yes" ? isSale() : not(isSale()));
  return and(...where);
}

const SORT_COLUMNS = { createdAt: orders.createdAt, slug: orders.slug, total: orders.orderTotalCents } as const;

async function selectRows(query: OrderListQuery, limit: number, offset: number): Promise<OrderListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: orders.id,
      slug: orders.slug,
      createdAt: orders.createdAt,
      customer: customerName,
      email: orders.email,
      totalCents: orders.orderTotalCents,
      currencyLabel: orders.currencyLabel,
      paymentMethodName: orders.paymentMethodName,
      paymentGateway: orders.paymentGateway,
      paymentStatus: orders.paymentStatus,
      status: orders.status,
      orderTotalCents: orders.orderTotalCents,
      paidAmountCents: orders.paidAmountCents,
      refundedCents: orders.refundedCents,
    })
    .from(orders)
    .where(conditions(query))
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ orderTotalCents, paidAmountCents, ...row }) => {
    const figures = orderFigures({ ...row, orderTotalCents, paidAmountCents });
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      receivedCents: paidAmountCents,
      revenueCents: figures.revenueCents,
      owedCents: figures.owedCents,
    };
  });
}

/** One page of the filtered list and its page info. */
export async function listOrders(query: OrderListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(orders).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset), page };
}

/** Every row of the filtered list in the list's order (the CSV export), bounded by CSV_MAX_ROWS. */
export function exportOrders(query: OrderListQuery): Promise<OrderListRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0);
}
