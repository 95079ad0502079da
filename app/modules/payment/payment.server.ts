import type { Executor } from "~/.server/db/client.server";
import { DomainError } from "~/.server/domain-error";
import type { PaymentGateway } from "~/.server/db/schema";
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
