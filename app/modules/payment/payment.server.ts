import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { DomainError } from "~/.server/domain-error";
import { orders, type PaymentGateway } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { awaitsPayment } from "~/modules/order/order-states";
import { gatewayAvailable, paymentGateway, type PaymentOrder, type PaymentStart } from "./gateway.server";
// Registers the card adapter beside the built-in ones.
import "./card/card-gateway.server";

/** Whether checkout may offer a way of paying (decision 0031); the card adapter is registered above. */
export function paymentAvailable(gateway: PaymentGateway): boolean {
  return gatewayAvailable(gateway);
}

/**
 * The one call checkout makes after the order transaction committed: what the order's
 * gateway wants next (the success page, or the provider's payment page).
 */
export function startPayment(gateway: PaymentGateway, order: PaymentOrder, origin: string): Promise<PaymentStart> {
  return paymentGateway(gateway).start(order, { origin });
}

/**
 * "Pay now" for an unpaid card order of this customer (order detail page): null when the
 * order is not theirs, not a card order, already paid (or refunded) or cancelled.
 */
export async function restartCardPayment(userId: number, slug: string, origin: string): Promise<PaymentStart | null> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.slug, slug)));
  if (!order || order.paymentGateway !== "card" || !awaitsPayment(order)) return null;
  return startPayment(
    "card",
    {
      id: order.id,
      slug: order.slug,
      orderTotalCents: order.orderTotalCents,
      currencyLabel: order.currencyLabel,
      email: order.email,
      locale: order.locale as Locale,
    },
    origin,
  );
}

/**
 * Gives a taken payment back through the order's gateway (decision 0039), inside the
 * caller's transaction: a refusal throws and the caller's change rolls back with it.
 */
export function refundPayment(
  tx: Executor,
  gateway: PaymentGateway,
  order: PaymentOrder,
  amountCents: number,
): Promise<{ reference: string }> {
  const adapter = paymentGateway(gateway);
  if (!adapter.refund)
    throw new DomainError("refundUnsupported", { message: `No refunds through ${gateway}`, key: "adminOrders.refund.failed", status: 502 });
  return adapter.refund(order, amountCents, tx);
}
