import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { orderItems, orders, paymentMethods, type CheckoutAddress } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { BILLING, DELIVERY } from "~/modules/account/account-fields";
import { addressInputOf, allowedCountries, listAddresses } from "~/modules/account/addresses.server";
import type { CurrentUser } from "~/.server/shopper.server";
import { applicablePaymentMethods } from "~/modules/checkout/checkout.server";
import { typedAddresses } from "~/modules/checkout/checkout-steps.server";
import type { PaymentStart } from "~/modules/payment/gateway.server";
import { startPayment } from "~/modules/payment/payment.server";
import { getSiteContext } from "~/modules/site/site.server";
import { SITE_ID } from "~/modules/kernel/options";
import { sendOrderConfirmation } from "~/modules/order/order-mail.server";
import type { AcceptOfferValue } from "~/modules/checkout/order-offer.schema";
import { offerTokenMatches } from "~/modules/order/order-offer-token.server";
import { wakeMailRelay } from "~/modules/mail/mail.server";

/**
 * The customer's side of an order draft (docs/decisions/0076): the offer's page shows the
 * priced lines to the order's customer (signed in with the order's e-mail or account) or to
 * whoever holds the mailed link's token, and lets them pay it by bank transfer or card, the
 * existing payment gateways. Accepting turns the draft into a received order awaiting
 * payment (with checkout's confirmation mail) delivered and invoiced to the addresses the
 * customer gives there (checkout's address rules); a card payment then goes through the
 * card gateway's provider flow as at checkout.
 */
export type Order = typeof orders.$inferSelect;

/** The ways of paying an offer: bank transfer and card, when active and available. */
export const OFFER_GATEWAYS = ["bankTransfer", "card"] as const;

export async function findOffer(slug: string, who: { user: Pick<CurrentUser, "id" | "email"> | null; token: string | null }) {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.slug, slug.slice(0, 64))));
  if (!order) return null;
  const mine = who.user !== null && (order.userId === who.user.id || order.email === who.user.email.toLowerCase());
  if (!mine && !offerTokenMatches(order.id, who.token)) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
  return { order, items };
}

export async function offerMethods(locale: Locale) {
  return (await applicablePaymentMethods(locale)).filter((m) => (OFFER_GATEWAYS as readonly string[]).includes(m.gateway) && m.available);
}

const methodMissing = () =>
  new DomainError("paymentMethodUndefined", {
    message: "Payment method undefined",
    key: "checkout.paymentMethodUndefined",
    field: "methodId",
  });

/**
 * The customer accepts the offer with a way of paying and the delivery and billing
 * addresses (refused at their fields as checkout refuses them: StepErrors). A card payment
 * is started (its provider URL built and the provider asked) before anything is written, so
 * a provider that is down leaves the draft as it was. The addresses are written in the
 * transaction that makes the draft a received order, so the confirmation mail, the invoice
 * and the bank slip carry them. A draft accepted already (a doubled post) is not changed
 * again: its next page is answered as for the first post.
 */
export async function acceptOffer(
  order: Order,
  input: Pick<AcceptOfferValue, "methodId" | "delivery" | "billing">,
): Promise<{ order: Order; start: PaymentStart }> {
  const locale = order.locale as Locale;
  const db = await getDb();
  if (order.status !== "draft") return { order, start: await nextStep(order) };
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, input.methodId), eq(paymentMethods.siteId, SITE_ID), eq(paymentMethods.active, true)));
  if (!method || !(await offerMethods(locale)).some((m) => m.id === method.id)) throw methodMissing();
  const { delivery, billing } = typedAddresses(input, await allowedCountries(db));
  const start = await started(method.gateway, { ...order, billingAddress: billing });
  const site = await getSiteContext(locale);
  const { accepted, mail } = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({
        status: "received",
        paymentMethodId: method.id,
        paymentGateway: method.gateway,
        paymentMethodName: localized(method.name, locale),
        deliveryAddress: delivery,
        billingAddress: billing,
        updatedAt: new Date(),
        version: order.version + 1,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, "draft")))
      .returning();
    if (!updated) return { accepted: null, mail: null };
    return { accepted: updated, mail: await sendOrderConfirmation(tx, updated, site.currency) };
  });
  if (mail) wakeMailRelay();
  if (!accepted) {
    // Accepted meanwhile in another tab: that acceptance stands.
    const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
    return { order: current, start: await nextStep(current) };
  }
  return { order: accepted, start };
}

/**
 * The gateway's start for the offer; a start that fails, whatever the cause, is the
 * offer's translated refusal at the way of paying (nothing was written yet).
 */
async function started(gateway: Order["paymentGateway"], order: Order): Promise<PaymentStart> {
  try {
    return await startPayment(
      gateway,
      {
        id: order.id,
        slug: order.slug,
        orderTotalCents: order.orderTotalCents,
        currencyLabel: order.currencyLabel,
        email: order.email,
        locale: order.locale as Locale,
      },
      env.PUBLIC_URL,
    );
  } catch (error) {
    console.error(`payment start for offer ${order.slug} failed`, error);
    throw new DomainError("offerPaymentStartFailed", {
      message: "Payment start failed",
      key: "checkout.offer.startFailed",
      status: 502,
      field: "methodId",
    });
  }
}

/** An accepted offer's next page: the provider again for an unpaid card order, else the success page. */
async function nextStep(order: Order): Promise<PaymentStart> {
  if (order.paymentGateway !== "card" || order.paymentStatus === "paid" || order.status === "draft") return { kind: "done" };
  return started("card", order);
}

/** The country-less draft address's values as the form's flat defaults ("delivery.firstName"). */
function formValues(prefix: string, a: Partial<CheckoutAddress> & { country?: string; companyOIB?: string }): Record<string, string> {
  const { countryIso, countryName: _name, companyOib, ...rest } = a;
  const values: Record<string, string | undefined> = { country: countryIso ?? a.country, companyOIB: companyOib ?? a.companyOIB, ...rest };
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => typeof v === "string" && v !== "")
      .map(([k, v]) => [`${prefix}.${k}`, v as string]),
  );
}

/**
 * What the offer's address form starts with: the draft's name, e-mail and phone (the
 * enquiry's), and for the order's customer signed in their default address (the default delivery
 * address, else a delivery address, else the main one, else the first saved) over it; billing
 * starts as the same.
 */
export async function offerAddressValues(order: Order, user: Pick<CurrentUser, "id" | "email"> | null): Promise<Record<string, string>> {
  // Someone else signed in who opens the mailed link gets none of their own addresses offered.
  const customer = user !== null && (order.userId === user.id || order.email === user.email.toLowerCase());
  const saved = customer ? await listAddresses(user.id) : [];
  const preferred =
    saved.find((a) => a.defaultDelivery) ?? saved.find((a) => a.type === "shipping") ?? saved.find((a) => a.type === "main") ?? saved[0];
  const delivery = {
    ...formValues(DELIVERY, order.deliveryAddress),
    ...(preferred ? formValues(DELIVERY, addressInputOf(preferred)) : {}),
  };
  const billing = Object.fromEntries(Object.entries(delivery).map(([k, v]) => [`${BILLING}.${k.slice(DELIVERY.length + 1)}`, v]));
  return { ...delivery, ...billing, sameBilling: "on" };
}
