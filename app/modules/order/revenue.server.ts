import { and, eq, notInArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { orders, type OrderStatus } from "~/.server/db/schema";

/**
 * THE definition of the shop's figures (decision 0100), used by the dashboard, the customer
 * list and its CSV, the customer's page and the order list's CSV, and stated on the screens
 * that show them (locale key `adminDashboard.revenueDefinition`):
 *
 * - a **sale** is an order that is neither cancelled nor a quote the customer has still to
 *   accept and pay (draft); a returned order was a sale, its refund comes off its revenue;
 * - an order's **revenue** is the money received for it less the money given back
 *   (its ledger, payment/ledger.server.ts): a part paid counts as that part, an unpaid order
 *   as nothing, a refund once it is recorded;
 * - an order's **owed** amount is what a sale still awaiting payment has not yet received.
 *
 * The figures are grouped by the day the order was placed.
 */
export const NOT_SALES: readonly OrderStatus[] = ["draft", "cancelled"];

/** The columns the definition reads, of `orders` or of an alias of it (a correlated subquery). */
type OrderColumns = {
  status: PgColumn;
  paymentStatus: PgColumn;
  orderTotalCents: PgColumn;
  paidAmountCents: PgColumn;
  refundedCents: PgColumn;
};

export const isSale = (t: OrderColumns = orders): SQL => notInArray(t.status, [...NOT_SALES]);

export const revenueCents = (t: OrderColumns = orders) => sql<number>`(${t.paidAmountCents} - ${t.refundedCents})`;

export const awaitingPayment = (t: OrderColumns = orders): SQL => and(isSale(t), eq(t.paymentStatus, "pending"))!;

export const owedCents = (t: OrderColumns = orders) => sql<number>`greatest(${t.orderTotalCents} - ${t.paidAmountCents}, 0)`;

/** The same definition for one order in hand (its page, a test). */
export function orderFigures(order: {
  status: OrderStatus;
  paymentStatus: string;
  orderTotalCents: number;
  paidAmountCents: number;
  refundedCents: number;
}): { sale: boolean; revenueCents: number; owedCents: number } {
  const sale = !NOT_SALES.includes(order.status);
  return {
    sale,
    revenueCents: sale ? order.paidAmountCents - order.refundedCents : 0,
    owedCents: sale && order.paymentStatus === "pending" ? Math.max(order.orderTotalCents - order.paidAmountCents, 0) : 0,
  };
}
