import { and, eq, ne } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { orders, paymentEvents, type PaymentStatus } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { outstandingCents, recordMoney } from "../ledger.server";
import { cardSecret, RESULT_FIELDS, verifiedFields } from "./card-signature.server";

/**
 * What the card provider said about a payment (pgSuccess of spec §7, decision 0012), from
 * the browser's return or the provider's callback. The signature is checked before
 * anything else; the order's reference, amount and currency must match the order; one
 * provider reference is acted on once per kind (unique index of payment_events), and a
 * paid order is never set back to failed.
 */
export type Settlement = {
  orderId: number;
  slug: string;
  locale: Locale;
  paymentStatus: PaymentStatus;
  /** This answer is the one that marked the order paid (the caller sends what follows payment, once). */
  becamePaid: boolean;
};

const OUTCOME_STATUS = { success: "paid", failure: "failed", cancel: "cancelled" } as const satisfies Record<string, PaymentStatus>;

export async function settleCardPayment(
  source: URLSearchParams | Record<string, unknown>,
  kind: "return" | "callback",
  expectedOrderId?: number,
): Promise<Settlement | null> {
  const db = await getDb();
  const fields = verifiedFields(source, RESULT_FIELDS, cardSecret());
  const orderId = Number(fields?.orderId ?? expectedOrderId);
  const [order] = Number.isSafeInteger(orderId) && orderId > 0 ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  const valid =
    fields &&
    order &&
    order.paymentGateway === "card" &&
    (expectedOrderId === undefined || expectedOrderId === order.id) &&
    fields.orderRef === order.slug &&
    fields.amount === String(order.orderTotalCents) &&
    fields.currency === order.currencyLabel &&
    fields.outcome in OUTCOME_STATUS &&
    /^[\w-]{1,64}$/.test(fields.reference);
  if (!valid) {
    // Kept for the audit trail only; nothing about the order changes.
    if (order)
      await db
        .insert(paymentEvents)
        .values({ orderId: order.id, gateway: "card", kind, outcome: "badSignature", payload: auditPayload(source) });
    return null;
  }
  const outcome = fields.outcome as keyof typeof OUTCOME_STATUS;
  const becamePaid = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(paymentEvents)
      .values({ orderId: order.id, gateway: "card", kind, outcome, providerReference: fields.reference, payload: { ...fields } })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!event) return false; // this reference was acted on already
    const status = OUTCOME_STATUS[outcome];
    if (status === "paid") {
      // The provider took the whole total: into the ledger, which makes the order paid.
      const [now] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (now.paymentStatus === "paid" || outstandingCents(now) === 0) return false;
      const paid = await recordMoney(tx, order.id, {
        kind: "payment",
        amountCents: outstandingCents(now),
        channel: "card",
        reference: fields.reference,
      });
      return paid.becamePaid;
    }
    await tx
      .update(orders)
      .set({ paymentStatus: status })
      .where(and(eq(orders.id, order.id), ne(orders.paymentStatus, "paid")));
    return false;
  });
  const [after] = await db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id));
  return { orderId: order.id, slug: order.slug, locale: order.locale as Locale, paymentStatus: after.paymentStatus, becamePaid };
}

function auditPayload(source: URLSearchParams | Record<string, unknown>): Record<string, string> {
  const entries = source instanceof URLSearchParams ? [...source.entries()] : Object.entries(source);
  return Object.fromEntries(entries.slice(0, 20).map(([k, v]) => [k.slice(0, 40), String(v).slice(0, 200)]));
}
