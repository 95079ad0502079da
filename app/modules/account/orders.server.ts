import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { orderItems, orders, type OrderStatus, type PaymentGateway, type PaymentStatus } from "~/.server/db/schema";
import { pageInfo, type PageInfo } from "~/lib/pagination";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * The customer's orders (spec §2 Profile "order history count", decision 0011): the
 * count and one page of orders, newest first, and one order with its lines for its owner.
 */
export const ORDERS_PER_PAGE = 10;

export type OrderSummary = {
  id: number;
  slug: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  total: number;
  currencyLabel: string;
};

export async function getOrderHistory(
  userId: number,
  page = 1,
  perPage = ORDERS_PER_PAGE,
): Promise<{ count: number; orders: OrderSummary[]; pagination: PageInfo }> {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  const pagination = pageInfo(page, perPage, total);
  const rows = await db
    .select({
      id: orders.id,
      slug: orders.slug,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      total: orders.orderTotalCents,
      currencyLabel: orders.currencyLabel,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((pagination.page - 1) * perPage);
  return { count: total, orders: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), pagination };
}

/** How many lines each of these orders has (an order list's "3 items"). */
export async function orderLineCounts(orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ orderId: orderItems.orderId, lines: count() })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, r.lines]));
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getCustomerOrder>>>;

/** The order with this number when it belongs to this customer; null otherwise (the page answers 404). */
export async function getCustomerOrder(userId: number, slug: string) {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.slug, slug)));
  return order ? orderDetail(order) : null;
}

/** The order with this number, whoever placed it (the backoffice's documents); null when there is none. */
export async function getShopOrder(slug: string) {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.slug, slug)));
  return order ? orderDetail(order) : null;
}

/** An order with its lines as the order page and the documents show it. */
async function orderDetail(order: typeof orders.$inferSelect) {
  const db = await getDb();
  const lines = await db
    .select({
      id: orderItems.id,
      sku: orderItems.sku,
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitCents: orderItems.unitCents,
      lengthMm: orderItems.lengthMm,
      rowCents: orderItems.rowCents,
      taxRateBp: orderItems.taxRateBp,
      priceUnit: orderItems.priceUnit,
      // The variant, personalisations and bundle parts chosen, as the order kept them.
      variantId: orderItems.variantId,
      options: orderItems.options,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return {
    id: order.id,
    slug: order.slug,
    email: order.email,
    locale: order.locale,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentGateway: order.paymentGateway as PaymentGateway,
    paymentMethodName: order.paymentMethodName,
    deliveryMethodName: order.deliveryMethodName,
    deliveryBranchName: order.deliveryBranchName,
    deliveryAddress: order.deliveryAddress,
    billingAddress: order.billingAddress,
    couponCode: order.couponCode,
    currencyLabel: order.currencyLabel,
    // Once shipped the customer sees how to follow the parcel; once returned, the credit note (decision 0039).
    shipment: order.shippedAt
      ? {
          carrier: order.carrier,
          trackingNumber: order.trackingNumber,
          trackingUrl: order.trackingUrl,
          shippedAt: order.shippedAt.toISOString(),
        }
      : null,
    creditNote: order.creditNoteSlug && order.returnedAt ? { slug: order.creditNoteSlug, date: order.returnedAt.toISOString() } : null,
    refundedCents: order.refundedCents,
    totals: {
      items: order.itemsTotalCents,
      coupon: order.couponCents,
      loyalty: order.loyaltyCents,
      delivery: order.deliveryCents,
      tax: order.taxCents,
      total: order.orderTotalCents,
    },
    lines,
  };
}
