import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { orderNotes, orders } from "~/.server/db/schema";
import { DomainError, isDomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import type { Locale } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { wakeMailRelay, type OutboxMail } from "~/modules/mail/mail.server";
import { channelOf, outstandingCents, refundableCents } from "~/modules/payment/ledger.server";
import { getSiteContext } from "~/modules/site/site.server";
import { syncOrderDocuments, type Operator } from "~/modules/documents/issue-documents.server";
import { SITE_ID } from "~/modules/kernel/options";
import { payOrder } from "./downloads.server";
import type { OrderMoveInput } from "./order-admin.schema";
import { sendOrderConfirmation } from "./order-mail.server";
import { giveBack } from "./order-refund.server";
import { nextCreditNoteNumber, releaseCoupon, returnStock, showReturnedStock } from "./order-return.server";
import { refuseWholeReturnAfterParts, returnPart } from "./order-return-part.server";
import { recordShipment, type Parcel } from "./order-shipment.server";
import { canMove, owedByBank, refundsThroughProvider, type OrderMove } from "./order-states";
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
export type MoveResult = {
  order: Order;
  move: OrderMove;
  paidAmountDiffers: boolean;
  refundedCents: number;
  stockReturned: boolean;
  /** The parcel a "ship" recorded (decision 0108). */
  parcel?: Parcel;
};

export type MoveOptions = {
  /**
   * Asked of the locked order instead of the form's version (the customer's own cancel,
   * decision 0126: no form version, a rule of its own); throws to refuse.
   */
  refuse?: (tx: Executor, before: Order) => Promise<void>;
  /** Who issues the documents the move calls for (default: the staff member who moves it). */
  operator?: Operator;
};

export async function moveOrder(staff: Actor, orderId: number, input: MoveInput, options: MoveOptions = {}): Promise<MoveResult> {
  const db = await getDb();
  const { result, mails } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.siteId, SITE_ID)))
      .for("update");
    if (!before) throw new DomainError("orderNotFound", { message: "Order not found", key: "adminOrders.notFound", status: 404 });
    if (options.refuse) await options.refuse(tx, before);
    else checkVersion(before.version, input.version);
    if (!canMove(before, input.intent)) {
      throw new DomainError("moveRefused", {
        message: `${input.intent} is not allowed from ${before.status}/${before.paymentStatus}`,
        key: "adminOrders.moveRefused",
        status: 409,
      });
    }
    return applyMove(tx, staff, before, input, options.operator === undefined ? staff : options.operator);
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
  operator: Operator,
): Promise<{ result: MoveResult; mails: OutboxMail[] }> {
  const mails: (OutboxMail | null)[] = [];
  const change: Partial<Order> = {};
  const audit: Record<string, unknown> = {};
  const by = { id: staff.id, email: staff.email };
  let refundedCents = 0;
  let paidAmountDiffers = false;
  let becamePaid = false;
  let stockReturned = false;
  let parcel: Parcel | undefined;
  switch (input.intent) {
    case "markPaid": {
      const paid = await payOrder(tx, before.id, env.PUBLIC_URL, {
        amountCents: input.paidAmount,
        day: input.paidOn,
        channel: channelOf(before.paymentGateway),
        staff: by,
      });
      mails.push(paid.mail);
      becamePaid = paid.becamePaid;
      // A quote the customer had still to pay is an order received once paid in full.
      if (becamePaid && before.status === "draft") change.status = "received";
      // More than the total, or a part of it: the owner is told (a part leaves the rest awaited).
      paidAmountDiffers = paid.order.paidAmountCents !== before.orderTotalCents;
      Object.assign(
        audit,
        // paidAmountCents (before → after) is the order's total received; paymentCents this payment.
        { paymentStatus: paid.order.paymentStatus, paidOn: input.paidOn, paymentCents: input.paidAmount },
        paidAmountDiffers ? { warning: "paidAmountDiffers", expectedCents: outstandingCents(before) } : {},
      );
      break;
    }
    case "refund": {
      refundedCents = await giveBack(tx, before, by, { amountCents: input.refundAmount, day: input.refundOn, note: input.refundNote });
      Object.assign(
        audit,
        { refundOn: input.refundOn, refundedNowCents: refundedCents },
        input.refundNote ? { note: input.refundNote } : {},
      );
      break;
    }
    case "ship":
      // A parcel (decision 0108); the order's tracking is its latest parcel's, "shipped" once nothing is left.
      parcel = await recordShipment(tx, by, before, input);
      Object.assign(
        change,
        { carrier: input.carrier || null, trackingNumber: input.trackingNumber || null, trackingUrl: input.trackingUrl || null },
        parcel.complete ? { status: "shipped", shippedAt: new Date() } : {},
      );
      Object.assign(audit, { shipment: parcel.number, lines: parcel.lines, deliveryNote: parcel.deliveryNote, stillToShip: parcel.rest });
      break;
    case "returnPart": {
      const part = await returnPart(tx, by, before, input);
      Object.assign(change, part.change);
      Object.assign(audit, part.audit);
      refundedCents = part.refundedCents;
      stockReturned = Object.keys(part.stockReturned).length > 0;
      break;
    }
    case "deliver":
      change.status = "delivered";
      change.deliveredAt = new Date();
      // Cash on delivery: the courier took what was still owed at the door.
      if (before.paymentStatus !== "paid" && outstandingCents(before) > 0) {
        const paid = await payOrder(tx, before.id, env.PUBLIC_URL, { amountCents: outstandingCents(before), channel: "cash", staff: by });
        mails.push(paid.mail);
        if (paid.becamePaid) audit.paymentStatus = "paid";
      }
      break;
    case "cancel":
    case "return": {
      if (input.intent === "return") await refuseWholeReturnAfterParts(tx, before.id);
      // A card payment goes back through the provider at once; money by bank is recorded when sent.
      if (refundsThroughProvider(before)) refundedCents = await giveBack(tx, before, by, { amountCents: refundableCents(before) });
      audit.stockReturned = await returnStock(tx, before.id);
      stockReturned = Object.keys(audit.stockReturned as object).length > 0;
      if (input.intent === "cancel") {
        await releaseCoupon(tx, before.couponCode);
        if (before.couponCode) audit.couponReleased = before.couponCode;
        Object.assign(change, { status: "cancelled", cancelledAt: new Date(), cancelReason: input.reason });
        // Nothing was taken: nothing is owed any more.
        if (before.paidAmountCents === 0 && (before.paymentStatus === "pending" || before.paymentStatus === "failed"))
          change.paymentStatus = "cancelled";
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
  // The ledger has moved the money columns already: read them back under the lock.
  const [current] = await tx.select().from(orders).where(eq(orders.id, before.id));
  const [order] = await tx
    .update(orders)
    .set({ ...change, version: before.version + 1, updatedAt: new Date() })
    .where(eq(orders.id, before.id))
    .returning();
  // The documents the new state calls for (decision 0104): the storno of a cancelled order's invoice, a return's credit note.
  await syncOrderDocuments(tx, order.id, operator);
  const owed = owedByBank(order);
  if (becamePaid) mails.push(await sendStatusMail(tx, order, { kind: "orderPaid" }));
  if (parcel) mails.push(await sendStatusMail(tx, order, { kind: "orderShipped", parcel }));
  if (input.intent === "cancel") mails.push(await sendStatusMail(tx, order, { kind: "orderCancelled", refundedCents, owedCents: owed }));
  if (input.intent === "return") mails.push(await sendStatusMail(tx, order, { kind: "orderReturned", refundedCents, owedCents: owed }));
  const moneyFields = (["paymentStatus", "paidAmountCents", "refundedCents"] as const).filter((key) => current[key] !== before[key]);
  const fields = [...new Set([...(Object.keys(change) as (keyof Order)[]), ...moneyFields])];
  await recordAudit(tx, staff, {
    entity: "order",
    entityId: order.id,
    action: input.intent,
    before: Object.fromEntries([...fields, "paymentStatus"].map((key) => [key, before[key as keyof Order]])),
    after: {
      ...Object.fromEntries(fields.map((key) => [key, order[key]])),
      ...audit,
      ...(refundedCents ? { refundedNowCents: refundedCents } : {}),
      ...(owed ? { owedByBankCents: owed } : {}),
    },
  });
  return {
    result: { order, move: input.intent, paidAmountDiffers, refundedCents, stockReturned, parcel },
    mails: mails.filter((m): m is OutboxMail => m !== null),
  };
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
