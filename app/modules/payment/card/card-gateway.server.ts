import { DomainError } from "~/.server/domain-error";
import { href } from "~/lib/routes-table";
import { registerPaymentGateway, type PaymentGatewayAdapter } from "../gateway.server";
import { env } from "~/.server/env.server";
import { CARD_CALLBACK_PATH, cardConfigured, providerUrl } from "./card-config.server";
import { cardSecret, REQUEST_FIELDS, signFields } from "./card-signature.server";
import { refundTestPayment, testProviderDown } from "../test-provider/test-provider.server";

/**
 * The card gateway (decision 0012): sends the shopper to the provider's payment page with
 * the order reference, the amount in cents, the currency, where to come back and where to
 * post the callback, all signed; the provider's answer comes back through the return route
 * (routes/checkout/card-return.tsx) and the callback (routes/checkout/payment.card-callback.ts).
 */
export const cardGateway: PaymentGatewayAdapter = {
  gateway: "card",
  available: cardConfigured,
  async start(order, { origin }) {
    const secret = cardSecret();
    const provider = providerUrl(origin);
    if (!secret || !provider)
      throw new DomainError("cardPaymentUnavailable", {
        message: "Card payments are not configured",
        key: "payment.card.unavailable",
        status: 503,
      });
    // An outside provider is asked first whether its payment page answers, so that a shopper
    // is never sent to a dead page with an order left behind (decision 0031).
    if (env.PAYMENT_CARD_PROVIDER_URL) await checkProviderAnswers(provider);
    else if (testProviderDown()) throw providerUnreachable("the built-in test provider is down (simulated outage)");
    const fields: Record<(typeof REQUEST_FIELDS)[number], string> = {
      orderId: String(order.id),
      orderRef: order.slug,
      amount: String(order.orderTotalCents),
      currency: order.currencyLabel,
      returnUrl: `${origin}${href("cardReturn", order.locale, { orderId: String(order.id) })}`,
      callbackUrl: `${origin}${CARD_CALLBACK_PATH}`,
    };
    const url = new URL(provider);
    for (const name of REQUEST_FIELDS) url.searchParams.set(name, fields[name]);
    url.searchParams.set("signature", signFields(fields, REQUEST_FIELDS, secret));
    return { kind: "redirect", url: url.toString() };
  },
  async refund(order, amountCents, tx) {
    // An outside provider's refund API is not connected yet: refused, nothing changes
    // (the shop refunds in the provider's own back office; decision 0039).
    if (env.PAYMENT_CARD_PROVIDER_URL)
      throw new DomainError("refundUnsupported", {
        message: "Refunds through the card provider are not connected",
        key: "adminOrders.refund.failed",
        status: 502,
      });
    return refundTestPayment(tx, order, amountCents);
  },
};

/** Any HTTP answer below 500 counts (a bare HEAD may be refused with 4xx); no answer within 5 s, or a 5xx, does not. */
function providerUnreachable(cause: unknown) {
  return new DomainError("cardProviderUnreachable", {
    message: `Card provider unreachable: ${cause instanceof Error ? cause.message : String(cause)}`,
    key: "checkout.payment.startFailed",
    status: 502,
  });
}

async function checkProviderAnswers(provider: string) {
  const unreachable = providerUnreachable;
  let response: Response;
  try {
    response = await fetch(provider, { method: "HEAD", redirect: "manual", signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw unreachable(error);
  }
  await response.body?.cancel();
  if (response.status >= 500) throw unreachable(`HTTP ${response.status}`);
}

registerPaymentGateway(cardGateway);
