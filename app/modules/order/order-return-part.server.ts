import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { orderReturnLines, orderReturns, type orders } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { shareOut } from "~/modules/cart/cart-totals";
import { orderVat } from "~/modules/documents/document-snapshot";
import { issueReturnCreditNote, type PartTotals } from "~/modules/documents/issue-documents.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { refundableCents } from "~/modules/payment/ledger.server";
import { lineProgress, partLines, partOf, pickQuantities, type PostedLine } from "./order-parts.server";
import { giveBack } from "./order-refund.server";
import { nextCreditNoteNumber, returnStock } from "./order-return.server";

/**
 * Part of a delivered order coming back (decision 0108), inside the "returnPart" move's
 * transaction with the order locked: at most what was shipped and not yet returned per
 * line; the stock of exactly those quantities back through returnStock's rule; a credit
 * note in the credit notes' series for the returned lines at the value they were charged
 * (their share of the coupon and loyalty discounts taken off; the delivery stays charged);
 * the refund (that value unless the owner typed another, 0 for none now) through the
 * refund move's writer into the ledger. Everything back makes the order "returned".
 */
type Order = typeof orders.$inferSelect;
export type PartReturnInput = { lines: PostedLine[]; reason: string; refundOn: string; refundAmount: number | null };
export type PartReturned = {
  change: Partial<Order>;
  audit: Record<string, unknown>;
  refundedCents: number;
  stockReturned: Record<number, number>;
};

export async function returnPart(
  tx: Executor,
  staff: Pick<Staff, "id" | "email">,
  order: Order,
  input: PartReturnInput,
): Promise<PartReturned> {
  const progress = await lineProgress(tx, order);
  const picked = pickQuantities(progress, input.lines, (line) => line.shipped - line.returned, {
    tooMany: "adminOrders.returnPart.tooMany",
    nothing: "adminOrders.returnPart.nothing",
  });
  // Each line's share of the order's discounts, as the invoice's VAT shares them.
  const rows = progress.map((line) => line.rowCents);
  const coupon = shareOut(order.couponCents, rows);
  const loyalty = shareOut(order.loyaltyCents, rows);
  const lines = picked.map(({ line, quantity }) => {
    const i = progress.indexOf(line);
    return {
      snapshot: {
        name: line.name,
        sku: line.sku,
        quantity,
        lengthMm: line.lengthMm,
        unitCents: line.unitCents,
        rowCents: partOf(line.rowCents, line, line.returned, quantity),
        taxRateBp: line.taxRateBp,
      },
      couponCents: partOf(coupon[i], line, line.returned, quantity),
      loyaltyCents: partOf(loyalty[i], line, line.returned, quantity),
    };
  });
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const totals: PartTotals = {
    itemsTotalCents: sum((l) => l.snapshot.rowCents),
    couponCents: sum((l) => l.couponCents),
    loyaltyCents: sum((l) => l.loyaltyCents),
    deliveryCents: 0,
    taxCents: 0,
    orderTotalCents: sum((l) => l.snapshot.rowCents - l.couponCents - l.loyaltyCents),
  };
  const snapshotLines = lines.map((l) => l.snapshot);
  totals.taxCents = orderVat({ ...order, ...totals }, snapshotLines).vat.reduce((total, row) => total + row.vatCents, 0);

  const stockReturned = await returnStock(tx, order.id, new Map(picked.map(({ line, quantity }) => [line.id, quantity])));
  const creditNote = await nextCreditNoteNumber(tx);
  // The owner's amount, or the returned lines' value as far as money was received and not yet given back.
  const refund = input.refundAmount ?? Math.min(totals.orderTotalCents, refundableCents(order));
  const refundedCents = refund > 0 ? await giveBack(tx, order, staff, { amountCents: refund, day: input.refundOn, note: creditNote }) : 0;
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${orderReturns.number}), 0)::int` })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, order.id));
  const [part] = await tx
    .insert(orderReturns)
    .values({
      orderId: order.id,
      number: last + 1,
      reason: input.reason,
      creditNoteNumber: creditNote,
      valueCents: totals.orderTotalCents,
      refundedCents,
      staffId: staff.id,
      staffEmail: staff.email,
    })
    .returning();
  await tx.insert(orderReturnLines).values(picked.map(({ line, quantity }) => ({ returnId: part.id, orderItemId: line.id, quantity })));
  await issueReturnCreditNote(tx, order, staff, {
    number: part.number,
    creditNote,
    lines: snapshotLines,
    totals,
    reason: input.reason,
  });
  const complete = progress.every((line) => line.returned + (picked.find((p) => p.line === line)?.quantity ?? 0) === line.quantity);
  return {
    change: complete ? { status: "returned", returnedAt: new Date(), cancelReason: input.reason } : {},
    audit: {
      returnPart: part.number,
      lines: partLines(picked),
      reason: input.reason,
      creditNote,
      creditNoteCents: totals.orderTotalCents,
      stockReturned,
    },
    refundedCents,
    stockReturned,
  };
}

/**
 * The whole-order return after parts came back would give their stock and value back twice
 * (its credit note is of the whole order): once a part is returned, the rest comes back as a part too.
 */
export async function refuseWholeReturnAfterParts(tx: Executor, orderId: number): Promise<void> {
  const [{ parts }] = await tx
    .select({ parts: sql<number>`count(*)::int` })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId));
  if (parts > 0)
    throw new DomainError("moveRefused", {
      message: "return after partial returns",
      key: "adminOrders.returnPart.useParts",
      status: 409,
    });
}
