import { DomainError } from "~/.server/domain-error";
import { href } from "~/lib/routes-table";
import { registerPaymentGateway, type PaymentGatewayAdapter } from "../gateway.server";
import { CARD_CALLBACK_PATH, providerUrl } from "./card-config.server";
import { cardSecret, REQUEST_FIELDS, signFields } from "./card-signature.server";

/**
 * The card gateway (issue 6 item 3): sends the shopper to the provider's payment page with
 * the order reference, the amount in cents, the currency, where to come back and where to
 * post the callback, all signed; the provider's answer comes back through the return route
 * (routes/card-return.tsx) and the callback (routes/payment.card-callback.ts).
 */
export const cardGateway: PaymentGatewayAdapter = {
  gateway: "card",
  async start(order, { origin }) {
    const secret = cardSecret();
    const provider = providerUrl(origin);
    if (!secret || !provider) throw new DomainError("cardPaymentUnavailable", { message: "Card payments are not configured", key: "payment.card.unavailable", status: 503 });
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
};

registerPaymentGateway(cardGateway);
