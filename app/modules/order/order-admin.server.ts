import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { orderNotes, orders } from "~/.server/db/schema";
import { DomainError, isDomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import type { Locale } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import { shopDay } from "~/modules/kernel/shop-days";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { wakeMailRelay, type OutboxMail } from "~/modules/mail/mail.server";
import { refundPayment } from "~/modules/payment/payment.server";
import { getSiteContext } from "~/modules/site/site.server";
import { SITE_ID } from "~/modules/kernel/options";
import { payOrder } from "./downloads.server";
import type { OrderMoveInput } from "./order-admin.schema";
import { sendOrderConfirmation } from "./order-mail.server";
import { nextCreditNoteNumber, releaseCoupon, returnStock, showReturnedStock } from "./order-return.server";
import { canMove, refundsThroughProvider, type OrderMove } from "./order-states";
import { sendStatusMail } from "./order-status-mail.server";

/**
 * The backoffice's moves of an order (docs/decisions/0039), each in ONE
 * transaction: lock the order, check the posted version (409 "admin.staleEdit"), ask the
 * state machine (409 "adminOrders.moveRefused"), make the change with everything it
 * carries (payment, stock, coupon, refund, credit note, the customer's mail) and the audit
 * row. A refusal anywhere (a failed refund included) rolls all of it back. The mails are
 * delivered after the commit.
 */
type Order = typeof orders.$inferSelect;
type Actor = Pick<Staff, "id" | "email">;
export type MoveInput = Extract<OrderMoveInput, { intent: OrderMove }>;
export type MoveResult = { order: Order; move: OrderMove; paidAmountDiffers: boolean; refundedCents: number; stockReturned: boolean };

export async function moveOrder(staff: Actor, orderId: number, input: MoveInput): Promise<MoveResult> {
  const db = await getDb();
  const { result, mails } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.siteId, SITE_ID)))
      .for("update");
    if (!before) throw new DomainError("orderNotFound", { message: "Order not found", key: "adminOrders.notFound", status: 404 });
    checkVersion(before.version, input.version);
    if (!canMove(before, input.intent)) {
      throw new DomainError("moveRefused", {
        message: `${input.intent} is not allowed from ${before.status}/${before.paymentStatus}`,
        key: "adminOrders.moveRefused",
        status: 409,
      });
    }
    return applyMove(tx, staff, before, input);
  });
  if (mails.length) wakeMailRelay();
  if (result.stockReturned) await showReturnedStock();
  return result;
}

async function applyMove(
  tx: Executor,
  staff: Actor,
  before: Order,
  input: MoveInput,
): Promise<{ result: MoveResult; mails: OutboxMail[] }> {
  const mails: (OutboxMail | null)[] = [];
  const change: Partial<Order> = {};
  const audit: Record<string, unknown> = {};
  let refundedCents = 0;
  let paidAmountDiffers = false;
  let stockReturned = false;
  switch (input.intent) {
    case "markPaid": {
      const paid = await payOrder(tx, before.id, env.PUBLIC_URL, { paidOn: input.paidOn, paidAmountCents: input.paidAmount });
      mails.push(paid.mail);
      // A quote the customer had still to pay is an order received once paid.
      if (before.status === "draft") change.status = "received";
      paidAmountDiffers = input.paidAmount !== before.orderTotalCents;
      Object.assign(
        audit,
        { paymentStatus: "paid", paidOn: input.paidOn, paidAmountCents: input.paidAmount },
        paidAmountDiffers ? { warning: "paidAmountDiffers", expectedCents: before.orderTotalCents } : {},
      );
      break;
    }
    case "ship":
      Object.assign(change, {
        status: "shipped",
        carrier: input.carrier || null,
        trackingNumber: input.trackingNumber || null,
        trackingUrl: input.trackingUrl || null,
        shippedAt: new Date(),
      });
      break;
    case "deliver":
      change.status = "delivered";
      change.deliveredAt = new Date();
      // Cash on delivery: the courier took the money at the door.
      if (before.paymentStatus !== "paid") {
        const paid = await payOrder(tx, before.id, env.PUBLIC_URL, { paidOn: shopDay(), paidAmountCents: before.orderTotalCents });
        mails.push(paid.mail);
        if (paid.paid) audit.paymentStatus = "paid";
      }
      break;
    case "cancel":
    case "return": {
      refundedCents = await refundIfCard(tx, before);
      audit.stockReturned = await returnStock(tx, before.id);
      stockReturned = Object.keys(audit.stockReturned as object).length > 0;
      if (refundedCents > 0) Object.assign(change, { paymentStatus: "refunded", refundedCents: before.refundedCents + refundedCents });
      if (input.intent === "cancel") {
        await releaseCoupon(tx, before.couponCode);
        if (before.couponCode) audit.couponReleased = before.couponCode;
        Object.assign(change, { status: "cancelled", cancelledAt: new Date(), cancelReason: input.reason });
        // Nothing was taken: nothing is owed any more.
        if (before.paymentStatus === "pending" || before.paymentStatus === "failed") change.paymentStatus = "cancelled";
      } else {
        Object.assign(
          change,
          { status: "returned", returnedAt: new Date(), creditNoteSlug: await nextCreditNoteNumber(tx) },
          input.reason ? { cancelReason: input.reason } : {},
        );
      }
      break;
    }
  }
  const [order] = await tx
    .update(orders)
    .set({ ...change, version: before.version + 1, updatedAt: new Date() })
    .where(eq(orders.id, before.id))
    .returning();
  const byBank =
    (input.intent === "cancel" || input.intent === "return") && order.paymentStatus === "paid" && order.paymentGateway !== "card";
  if (input.intent === "markPaid") mails.push(await sendStatusMail(tx, order, { kind: "orderPaid" }));
  if (input.intent === "ship") mails.push(await sendStatusMail(tx, order, { kind: "orderShipped" }));
  if (input.intent === "cancel")
    mails.push(await sendStatusMail(tx, order, { kind: "orderCancelled", refundedCents, refundByBank: byBank }));
  if (input.intent === "return")
    mails.push(await sendStatusMail(tx, order, { kind: "orderReturned", refundedCents, refundByBank: byBank }));
  const fields = Object.keys(change) as (keyof Order)[];
  await recordAudit(tx, staff, {
    entity: "order",
    entityId: order.id,
    action: input.intent,
    before: Object.fromEntries([...fields, "paymentStatus"].map((key) => [key, before[key as keyof Order]])),
    after: {
      ...Object.fromEntries(fields.map((key) => [key, order[key]])),
      ...audit,
      ...(refundedCents ? { refundedNowCents: refundedCents } : {}),
      ...(byBank ? { refundByBank: true } : {}),
    },
  });
  return {
    result: { order, move: input.intent, paidAmountDiffers, refundedCents, stockReturned },
    mails: mails.filter((m): m is OutboxMail => m !== null),
  };
}

/** A card payment taken is given back through the provider; its refusal rolls the move back ("adminOrders.refund.failed"). */
async function refundIfCard(tx: Executor, order: Order): Promise<number> {
  if (!refundsThroughProvider(order)) return 0;
  const amount = order.orderTotalCents - order.refundedCents;
  if (amount <= 0) return 0;
  await refundPayment(
    tx,
    order.paymentGateway,
    {
      id: order.id,
      slug: order.slug,
      orderTotalCents: order.orderTotalCents,
      currencyLabel: order.currencyLabel,
      email: order.email,
      locale: order.locale as Locale,
    },
    amount,
  );
  return amount;
}

/**
 * "Mark delivered" for the ticked orders of the list: each through the state machine, with
 * its own transaction and current version; those that may not move are skipped.
 */
export async function deliverOrders(staff: Actor, ids: number[]): Promise<{ changed: number; skipped: number }> {
  const db = await getDb();
  let changed = 0;
  for (const id of new Set(ids)) {
    const [order] = await db
      .select({ version: orders.version })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.siteId, SITE_ID)));
    try {
      if (!order) throw new DomainError("orderNotFound", { message: "Order not found", key: "adminOrders.notFound", status: 404 });
      await moveOrder(staff, id, { intent: "deliver", version: order.version });
      changed += 1;
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
  return { changed, skipped: new Set(ids).size - changed };
}

/** An internal note on the order (never shown to the customer), with its audit row. */
export async function addOrderNote(staff: Actor, orderId: number, text: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.siteId, SITE_ID)));
    if (!order) throw new DomainError("orderNotFound", { message: "Order not found", key: "adminOrders.notFound", status: 404 });
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId, authorId: staff.id, authorEmail: staff.email, text })
      .returning({ id: orderNotes.id });
    await recordAudit(tx, staff, { entity: "order", entityId: orderId, action: "note", after: { noteId: note.id, text } });
  });
}

/** The order confirmation once more (the customer lost it), as checkout wrote it. */
export async function resendConfirmation(staff: Actor, orderId: number): Promise<void> {
  const db = await getDb();
  const [found] = await db
    .select({ locale: orders.locale })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.siteId, SITE_ID)));
  if (!found) throw new DomainError("orderNotFound", { message: "Order not found", key: "adminOrders.notFound", status: 404 });
  // Read before the transaction: PGlite runs one at a time.
  const { currency } = await getSiteContext(found.locale as Locale);
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const sent = await sendOrderConfirmation(tx, order, currency);
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: orderId,
      action: "resendConfirmation",
      after: { to: order.email, mailId: sent.id },
    });
  });
  wakeMailRelay();
}
