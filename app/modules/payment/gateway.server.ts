import type { Executor } from "~/.server/db/client.server";
import type { PaymentGateway } from "~/.server/db/schema";

/**
 * One interface for every way of paying (decision 0012). Checkout places the order first
 * (one transaction, payment pending) and then asks the order's gateway what happens next:
 * cash on delivery and bank transfer are done at once (the success page, with the payment
 * slip for a transfer); a card gateway sends the shopper to its provider and comes back
 * through its own return and callback routes, which mark the order paid or failed only
 * after the provider's signature checks out.
 */
export type PaymentOrder = {
  id: number;
  slug: string;
  orderTotalCents: number;
  currencyLabel: string;
  email: string;
  locale: "hr" | "en" | "de";
};

export type PaymentStart =
  /** Nothing to do with a provider now: show the success page. */
  | { kind: "done" }
  /** Send the shopper to the provider's page (absolute URL or a path on this site). */
  | { kind: "redirect"; url: string };

export interface PaymentGatewayAdapter {
  gateway: PaymentGateway;
  /** Runs after the order transaction committed; `origin` is this site's origin for return URLs. */
  start(order: PaymentOrder, context: { origin: string }): Promise<PaymentStart>;
  /** Whether this way of paying can be offered now (a card provider configured); absent: always. */
  available?(): boolean;
  /**
   * Gives `amountCents` of a taken payment back through the provider (a cancelled or
   * returned order, decision 0039), recording it in the caller's transaction `tx`; throws
   * a DomainError when the provider refuses, and the caller's transaction then changes
   * nothing. Absent: the gateway's money is not given back through a provider (bank
   * transfer, cash: by the shop's bank, decision 0039).
   */
  refund?(order: PaymentOrder, amountCents: number, tx: Executor): Promise<{ reference: string }>;
}

const done: PaymentGatewayAdapter["start"] = async () => ({ kind: "done" });

const adapters = new Map<PaymentGateway, PaymentGatewayAdapter>([
  ["cashOnDelivery", { gateway: "cashOnDelivery", start: done }],
  ["bankTransfer", { gateway: "bankTransfer", start: done }],
]);

/** Card (and any later provider) registers its adapter at start-up. */
export function registerPaymentGateway(adapter: PaymentGatewayAdapter) {
  adapters.set(adapter.gateway, adapter);
}

export function paymentGateway(gateway: PaymentGateway): PaymentGatewayAdapter {
  const adapter = adapters.get(gateway);
  if (!adapter) throw new Error(`No payment gateway adapter for ${gateway}`);
  return adapter;
}

/** Whether checkout may offer a way of paying: an adapter exists and says it can take payments (decision 0031). */
export function gatewayAvailable(gateway: PaymentGateway): boolean {
  const adapter = adapters.get(gateway);
  return !!adapter && (adapter.available?.() ?? true);
}
