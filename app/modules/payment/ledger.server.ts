import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { orderPayments, orders, type MoneyChannel, type PaymentEntryKind } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { shopDay } from "~/modules/kernel/shop-days";

/**
 * THE one writer of an order's money (decision 0100): every payment received and every
 * refund given is a row of order_payments, and the order's `paidAmountCents`,
 * `refundedCents` and payment status follow from those rows in the same transaction.
 *
 *   received < total              pending (a part paid is still awaited; the screen shows how much)
 *   received ≥ total              paid (paidAt set once)
 *   refunded ≥ received > 0       refunded
 *
 * A refund never exceeds what was received and not yet given back; money never moves on a
 * day after today. The caller holds the transaction (and, for the backoffice, the order's lock).
 */
type Order = typeof orders.$inferSelect;
export type MoneyEntry = {
  kind: PaymentEntryKind;
  amountCents: number;
  /** The day the money moved (ISO, shop time); today when left out. */
  day?: string;
  channel: MoneyChannel;
  reference?: string | null;
  note?: string;
  staff?: { id: number; email: string } | null;
};
export type MoneyRecorded = { order: Order; becamePaid: boolean };

/** What the order can still give back: received and not yet refunded. */
export const refundableCents = (order: Pick<Order, "paidAmountCents" | "refundedCents">) =>
  Math.max(order.paidAmountCents - order.refundedCents, 0);

/** What the customer still owes on the order's total. */
export const outstandingCents = (order: Pick<Order, "orderTotalCents" | "paidAmountCents">) =>
  Math.max(order.orderTotalCents - order.paidAmountCents, 0);

/** The channel money of this payment gateway moves by. */
export function channelOf(gateway: Order["paymentGateway"]): MoneyChannel {
  return gateway === "card" ? "card" : gateway === "cashOnDelivery" ? "cash" : "bank";
}

export async function recordMoney(tx: Executor, orderId: number, entry: MoneyEntry): Promise<MoneyRecorded> {
  const day = entry.day ?? shopDay();
  if (day > shopDay())
    throw new DomainError("futureDay", {
      message: "Money cannot move in the future",
      key: "adminOrders.validation.futureDay",
      status: 400,
    });
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0)
    throw new DomainError("noAmount", { message: "Amount must be positive", key: "adminOrders.validation.amount", status: 400 });
  const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!before) throw new DomainError("orderNotFound", { message: "Order not found", key: "adminOrders.notFound", status: 404 });

  const change: Partial<Order> = {};
  let becamePaid = false;
  if (entry.kind === "payment") {
    change.paidAmountCents = before.paidAmountCents + entry.amountCents;
    change.paidOn = day;
    if (change.paidAmountCents >= before.orderTotalCents && before.paymentStatus !== "paid") {
      change.paymentStatus = "paid";
      change.paidAt = new Date();
      becamePaid = true;
    }
  } else {
    const refundable = refundableCents(before);
    if (entry.amountCents > refundable)
      throw new DomainError("refundTooLarge", {
        message: `At most ${refundable} can be refunded`,
        key: "adminOrders.refund.tooLarge",
        values: { max: refundable },
        status: 400,
      });
    change.refundedCents = before.refundedCents + entry.amountCents;
    if (change.refundedCents >= before.paidAmountCents) change.paymentStatus = "refunded";
  }
  await tx.insert(orderPayments).values({
    orderId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    day,
    channel: entry.channel,
    reference: entry.reference ?? null,
    note: entry.note ?? "",
    staffId: entry.staff?.id ?? null,
    staffEmail: entry.staff?.email ?? null,
  });
  const [order] = await tx.update(orders).set(change).where(eq(orders.id, orderId)).returning();
  return { order, becamePaid };
}

/** The order's ledger, oldest first, for its page. */
export async function moneyOf(db: Executor, orderId: number) {
  const rows = await db
    .select({
      id: orderPayments.id,
      kind: orderPayments.kind,
      amountCents: orderPayments.amountCents,
      day: orderPayments.day,
      channel: orderPayments.channel,
      reference: orderPayments.reference,
      note: orderPayments.note,
      staffEmail: orderPayments.staffEmail,
    })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.id));
  return rows;
}
export type MoneyRow = Awaited<ReturnType<typeof moneyOf>>[number];
