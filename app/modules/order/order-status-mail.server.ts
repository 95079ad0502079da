import type { Executor } from "~/.server/db/client.server";
import type { orders } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { formatPrice } from "~/lib/format";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { sendMail, type OutboxMail } from "~/modules/mail/mail.server";
import { shopRecipient } from "~/modules/forms/submission.server";

/**
 * The mails of an order's life after checkout (decision 0039): to the customer in the
 * order's language when it is paid, shipped (with the tracking), cancelled or returned; and
 * the shop's "new order" note to SendEmailTo when checkout places one. Each is written to
 * the outbox in the caller's transaction (the caller delivers it after the commit), so a
 * mail exists exactly when its change does. Texts live beside the confirmation's
 * (checkout.mail.*).
 */
type Order = typeof orders.$inferSelect;

export type StatusMail =
  | { kind: "orderPaid" }
  | { kind: "orderShipped"; parcel?: { number: number; lines: string; complete: boolean } }
  | { kind: "orderCancelled"; refundedCents: number; owedCents: number }
  | { kind: "orderReturned"; refundedCents: number; owedCents: number };

const KEY: Record<StatusMail["kind"], string> = {
  orderPaid: "paid",
  orderShipped: "shipped",
  orderCancelled: "cancelled",
  orderReturned: "returned",
};

export async function sendStatusMail(tx: Executor, order: Order, mail: StatusMail): Promise<OutboxMail> {
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  const key = KEY[mail.kind];
  const money = (cents: number) => formatPrice(cents, { label: order.currencyLabel, symbol: "€" }, locale, { symbol: true });
  // The change's details (tracking, reason, refund): the built-in text's middle, and the template variable details.
  const lines: string[] = [];
  if (mail.kind === "orderShipped") {
    // One mail per parcel (decision 0108): an order sent in parts names what this parcel holds and that more follows.
    const parcel = mail.parcel;
    if (parcel && (parcel.number > 1 || !parcel.complete)) {
      lines.push(t("checkout.mail.status.parcel", { number: parcel.number, lines: parcel.lines }));
      if (!parcel.complete) lines.push(t("checkout.mail.status.parcelRest"));
    }
    if (order.carrier) lines.push(`${t("orders.detail.carrier")}: ${order.carrier}`);
    if (order.trackingNumber) lines.push(`${t("orders.detail.trackingNumber")}: ${order.trackingNumber}`);
    if (order.trackingUrl) lines.push(`${t("orders.detail.trackingLink")}: ${order.trackingUrl}`);
  }
  if (mail.kind === "orderCancelled" && order.cancelReason) lines.push(`${t("checkout.mail.status.reason")}: ${order.cancelReason}`);
  if (mail.kind === "orderReturned" && order.creditNoteSlug)
    lines.push(t("checkout.mail.status.creditNote", { number: order.creditNoteSlug }));
  if ((mail.kind === "orderCancelled" || mail.kind === "orderReturned") && mail.refundedCents > 0)
    lines.push(t("checkout.mail.status.refunded", { amount: money(mail.refundedCents) }));
  if ((mail.kind === "orderCancelled" || mail.kind === "orderReturned") && mail.owedCents > 0)
    lines.push(t("checkout.mail.status.refundByBank", { amount: money(mail.owedCents) }));
  const link = order.userId !== null ? `${env.PUBLIC_URL}${href("profileOrder", locale, { slug: order.slug })}` : "";
  const text = [
    `${t("checkout.mail.status.greeting")} ${t(`checkout.mail.status.${key}.lead`, { slug: order.slug })}`,
    "",
    ...lines,
    ...(link ? ["", `${t("checkout.mail.status.view")}: ${link}`] : []),
  ].join("\n");
  const values = {
    orderNumber: order.slug,
    customerName: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`.trim(),
    details: lines.join("\n"),
    link,
    carrier: order.carrier ?? "",
    trackingNumber: order.trackingNumber ?? "",
    trackingUrl: order.trackingUrl ?? "",
  };
  const base = { to: order.email, subject: t(`checkout.mail.status.${key}.subject`, { slug: order.slug }), text, orderId: order.id };
  // The four kinds share their variables but orderShipped's tracking ones: each gets its own.
  return sendMail(
    mail.kind === "orderShipped"
      ? { ...base, kind: mail.kind, template: { locale, values } }
      : {
          ...base,
          kind: mail.kind,
          template: {
            locale,
            values: { orderNumber: values.orderNumber, customerName: values.customerName, details: values.details, link },
          },
        },
    tx,
  );
}

/** The shop's note of a new order (kind newOrder) to SendEmailTo, in the shop's language; none when that option is not set. */
export async function sendNewOrderMail(tx: Executor, order: Order): Promise<OutboxMail | null> {
  const to = await shopRecipient(tx);
  if (!to) return null;
  const t = await getFixedT(DEFAULT_LOCALE);
  const address = order.billingAddress;
  const customer = [`${address.firstName} ${address.lastName}`.trim(), address.companyName].filter(Boolean).join(", ");
  const text = [
    t("checkout.mail.newOrder.lead", { slug: order.slug }),
    "",
    `${t("checkout.mail.newOrder.customer")}: ${customer} <${order.email}>`,
    `${t("cart.summary.orderTotal")}: ${formatPrice(order.orderTotalCents, { label: order.currencyLabel, symbol: "€" }, DEFAULT_LOCALE, { symbol: true })}`,
    `${t("checkout.steps.payment")}: ${order.paymentMethodName}`,
    `${t("checkout.steps.shipping")}: ${order.deliveryMethodName}${order.deliveryBranchName ? ` — ${order.deliveryBranchName}` : ""}`,
    "",
    `${env.PUBLIC_URL}/admin/orders/${encodeURIComponent(order.slug)}`,
  ].join("\n");
  const values = {
    orderNumber: order.slug,
    customerName: customer,
    email: order.email,
    orderTotal: formatPrice(order.orderTotalCents, { label: order.currencyLabel, symbol: "€" }, DEFAULT_LOCALE, { symbol: true }),
    payment: order.paymentMethodName,
    delivery: `${order.deliveryMethodName}${order.deliveryBranchName ? ` — ${order.deliveryBranchName}` : ""}`,
    link: `${env.PUBLIC_URL}/admin/orders/${encodeURIComponent(order.slug)}`,
  };
  const subject = t("checkout.mail.newOrder.subject", { slug: order.slug, customer });
  return sendMail(
    { kind: "newOrder", to, replyTo: order.email, subject, text, orderId: order.id, template: { locale: DEFAULT_LOCALE, values } },
    tx,
  );
}
