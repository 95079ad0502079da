import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { orders } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import type { PaymentStart } from "~/modules/payment/gateway.server";
import { startPayment } from "~/modules/payment/payment.server";
import { awaitsPayment } from "./order-states";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { formatPrice } from "~/lib/format";
import type { Currency } from "~/lib/prices";
import { href } from "~/lib/routes-table";
import { sendMail, wakeMailRelay } from "~/modules/mail/mail.server";

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
  return order ? payAgain(order, origin) : null;
}

/**
 * The one "pay again" rule (the account's "Pay now" above, the API's payment instructions,
 * decision 0126): the card payment of the order started again, or null when nothing is to
 * be paid by card (another way of paying, paid, refunded, cancelled). The provider's page
 * is signed by our own adapter; a provider that cannot take it throws its DomainError.
 */
export async function payAgain(order: typeof orders.$inferSelect, origin: string): Promise<PaymentStart | null> {
  if (order.paymentGateway !== "card" || !awaitsPayment(order)) return null;
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
 * The card payment link of an order the shop took on the phone (decision 0109): the
 * customer is mailed their order's page, whose "Pay now" starts the card payment above;
 * nothing is charged before they open it. Sent after the confirmation.
 */
export async function sendPayAgainLink(order: typeof orders.$inferSelect, currency: Pick<Currency, "label" | "symbol">) {
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  const values = {
    orderNumber: order.slug,
    customerName: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`.trim(),
    orderTotal: formatPrice(order.orderTotalCents, currency, locale, { symbol: true }),
    link: `${env.PUBLIC_URL}${href("profileOrder", locale, { slug: order.slug })}`,
  };
  const mail = await sendMail({
    kind: "orderPayLink",
    to: order.email,
    subject: t("checkout.payLinkMail.subject", { slug: order.slug }),
    text: t("checkout.payLinkMail.text", { ...values, slug: order.slug }),
    orderId: order.id,
    template: { locale, values },
  });
  wakeMailRelay();
  return mail;
}
