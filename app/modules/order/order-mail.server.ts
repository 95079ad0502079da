import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { orderItems, type CheckoutAddress, type orders } from "~/.server/db/schema";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { formatMetres, formatPrice, formatUnitPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";
import { sendMail } from "~/modules/mail/mail.server";
import { bankTransferHtml, bankTransferInfo, bankTransferText } from "~/modules/payment/bank-transfer/bank-transfer.server";

/**
 * The order confirmation (decision 0011): written to the outbox inside the order's
 * transaction, so it exists exactly when the order does. Lines, totals with two decimals
 * and the currency, both addresses, delivery (and branch) and payment, the order number.
 */
export async function sendOrderConfirmation(tx: Executor, order: typeof orders.$inferSelect, currency: Pick<Currency, "label" | "symbol">) {
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  const money = (cents: number) => formatPrice(cents, currency, locale, { symbol: true });
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
  const address = (a: CheckoutAddress) =>
    [
      `${a.firstName} ${a.lastName}`,
      a.companyName && `${a.companyName}${a.companyOib ? `, OIB ${a.companyOib}` : ""}`,
      `${a.street} ${a.houseNumber}`,
      `${a.zipCode} ${a.city}`,
      a.countryName,
      `${a.contactEmail}, ${a.contactPhone}`,
    ]
      .filter((line) => line && line.trim())
      .join("\n");
  // The order's details: the built-in text's body, and the template variable orderSummary.
  const summary = [
    ...items.map((i) =>
      i.lengthMm === null
        ? `${i.quantity} × ${i.name} (${i.sku}) — ${money(i.unitCents)} = ${money(i.rowCents)}`
        : `${i.quantity} × ${i.name} (${i.sku}) — ${formatMetres(i.lengthMm, locale)} × ${formatUnitPrice(i.unitCents, i.lengthMm, currency, locale, { symbol: true })} = ${money(i.rowCents)}`,
    ),
    "",
    `${t("cart.summary.itemsTotal")}: ${money(order.itemsTotalCents)}`,
    `${t("cart.summary.coupon")}: -${money(order.couponCents)}`,
    `${t("cart.summary.delivery")}: ${money(order.deliveryCents)}`,
    `${t("cart.summary.tax")}: ${money(order.taxCents)}`,
    `${t("cart.summary.orderTotal")}: ${money(order.orderTotalCents)}`,
    "",
    `${t("checkout.steps.shipping")}: ${order.deliveryMethodName}${order.deliveryBranchName ? ` — ${order.deliveryBranchName}` : ""}`,
    `${t("checkout.steps.payment")}: ${order.paymentMethodName}`,
    // A digital-only order (no delivery method): the links come when it is paid (decision 0030).
    ...(order.deliveryMethodId === null ? ["", t("checkout.downloads.confirmationNote")] : []),
    "",
    `${t("checkout.address.delivery")}:`,
    address(order.deliveryAddress),
    "",
    `${t("checkout.address.billing")}:`,
    address(order.billingAddress),
  ].join("\n");
  const text = [t("checkout.mail.greeting"), "", `${t("checkout.success.orderNumber")}: ${order.slug}`, "", summary].join("\n");
  // A bank transfer's payment details and HUB-3 barcode travel with the confirmation
  // (decision 0020); the text part carries every field for clients that drop the image.
  // A broken seller option must not cost the order: the mail then goes without the slip.
  const transfer =
    order.paymentGateway === "bankTransfer"
      ? await bankTransferInfo(order, locale, tx).catch((error: unknown) => {
          console.error("bank transfer details for the confirmation failed", error);
          return null;
        })
      : null;
  const fullText = transfer ? `${text}\n\n${bankTransferText(transfer, t)}` : text;
  const html = transfer ? `<pre style="font:inherit">${escapeHtml(text)}</pre>${bankTransferHtml(transfer, t)}` : null;
  const values = {
    orderNumber: order.slug,
    customerName: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`.trim(),
    orderSummary: summary,
    orderTotal: money(order.orderTotalCents),
  };
  // A template carries the words; the payment slip (with its barcode) follows it as built.
  const trailer = transfer ? { text: bankTransferText(transfer, t), html: bankTransferHtml(transfer, t) } : null;
  const subject = t("checkout.mail.subject", { slug: order.slug });
  return sendMail(
    { kind: "orderConfirmation", to: order.email, subject, text: fullText, html, orderId: order.id, template: { locale, values, trailer } },
    tx,
  );
}

function escapeHtml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
