import type { Executor } from "~/.server/db/client.server";
import type { orders } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { typedAmount } from "~/lib/format";
import type { Locale } from "~/lib/locales";
import type { Staff } from "~/modules/kernel/staff.server";
import { channelOf, recordMoney, refundableCents } from "~/modules/payment/ledger.server";
import { refundPayment } from "~/modules/payment/payment.server";

type Order = typeof orders.$inferSelect;
type Actor = Pick<Staff, "id" | "email">;

/**
 * Money given back: through the provider for a card payment (its refusal rolls the move
 * back, "adminOrders.refund.failed"), else recorded as sent by the shop's bank. Either way
 * into the order's ledger. Returns the cents given back.
 */
export async function giveBack(
  tx: Executor,
  order: Order,
  staff: Actor,
  refund: { amountCents: number; day?: string; note?: string },
): Promise<number> {
  if (refund.amountCents > refundableCents(order))
    throw new DomainError("refundTooLarge", {
      message: "Refund exceeds what was received",
      key: "adminOrders.refund.tooLarge",
      values: { max: typedAmount(refundableCents(order)) },
      field: "refundAmount",
      status: 400,
    });
  let reference: string | null = null;
  if (order.paymentGateway === "card") {
    const paid = {
      id: order.id,
      slug: order.slug,
      orderTotalCents: order.orderTotalCents,
      currencyLabel: order.currencyLabel,
      email: order.email,
      locale: order.locale as Locale,
    };
    reference = (await refundPayment(tx, order.paymentGateway, paid, refund.amountCents)).reference;
  }
  await recordMoney(tx, order.id, {
    kind: "refund",
    amountCents: refund.amountCents,
    day: refund.day,
    channel: channelOf(order.paymentGateway),
    reference,
    note: refund.note,
    staff,
  });
  return refund.amountCents;
}
