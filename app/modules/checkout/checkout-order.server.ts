import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { carts } from "~/.server/db/schema";
import { hasErrorCode } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import type { Locale } from "~/lib/locales";
import type { Shopper } from "~/.server/shopper.server";
import { sessionMissing } from "~/modules/cart/cart-session.server";
import { validateConsents } from "~/modules/consent/consent.server";
import { cancelPlacement } from "~/modules/order/cancel-placement.server";
import { placeOrder, type Order } from "~/modules/order/place-order.server";
import type { PaymentStart } from "~/modules/payment/gateway.server";
import { startPayment } from "~/modules/payment/payment.server";
import { removeCoupon, StepErrors } from "./checkout-steps.server";
import { applicablePaymentMethods, type CheckoutContext } from "./checkout.server";
import { releaseMails } from "~/modules/mail/mail-relay.server";
import { issuePlacedOrderInvoice } from "~/modules/documents/issue-documents.server";

/**
 * The checkout's last step (spec §3 Payment form, §7 order/create), shared by the checkout
 * page's action and the API: the chosen method checked, the consents, the order placed in
 * one transaction (place-order.server.ts), the payment started, the mails delivered. A
 * payment that cannot start undoes the placement (docs/decisions/0031).
 */
export type PlaceCheckoutInput = { methodId: number | null; acceptedConsents: readonly number[] };

export async function placeCheckoutOrder(
  shopper: Shopper,
  ctx: CheckoutContext,
  input: PlaceCheckoutInput,
): Promise<{ order: Order; start: PaymentStart }> {
  if (!ctx.shopper) throw new StepErrors({ form: "checkout.guest.noActiveUser" });
  const cookies = shopper.cart;
  if (!cookies) throw sessionMissing();
  const method = (await applicablePaymentMethods(ctx.locale)).find((m) => m.id === input.methodId);
  if (!method) throw new StepErrors({ methodId: "checkout.paymentMethodUndefined" });
  const consents = await validateConsents("checkoutForm", input.acceptedConsents);
  // A way of paying whose provider is not connected is refused before anything is written.
  if (!method.available) throw new StepErrors({ methodId: "checkout.payment.unavailable" });
  const placed = await placeOrder({
    cookies,
    locale: ctx.locale,
    shopper: ctx.shopper,
    paymentMethodId: method.id,
    acceptedConsents: consents,
  }).catch(async (error: unknown) => {
    // Refused for its coupon: the coupon comes off the cart, so the shopper sees the new total and can confirm again.
    if (hasErrorCode(error, "couponInvalid", "couponCustomerUsedUp")) await removeCoupon(cookies.cartId);
    throw error;
  });
  const start = await completePlacement(placed, paymentStartOf);
  return { order: placed.order, start };
}

/**
 * What follows a placement, for checkout and the backoffice's phone order (decision 0109)
 * alike: the payment's next step (`next`); one that cannot start undoes the placement
 * (cart as it was, no unpaid order left, the confirmation never sent; decision 0031) and
 * the way of paying is refused; then the held mails go out and the web shop issues the
 * invoice (decision 0104). Should the invoice fail, the order is placed all the same and
 * its invoice is issued on its first view.
 */
export async function completePlacement<T>(
  { order, created, mails }: Awaited<ReturnType<typeof placeOrder>>,
  next: (order: Order) => Promise<T>,
): Promise<T> {
  let start: T;
  try {
    start = await next(order);
  } catch (error) {
    console.error(`payment start for order ${order.slug} failed`, error);
    if (
      created &&
      (await cancelPlacement(
        order.id,
        mails.map((m) => m.id),
      ))
    )
      throw new StepErrors({ methodId: "checkout.payment.startFailed" });
    throw error;
  }
  // The confirmation and the shop's note go out now, through the relay (not in this request).
  await releaseMails(mails.map((m) => m.id));
  if (created)
    await issuePlacedOrderInvoice(order.id).catch((error: unknown) => console.error(`invoice of order ${order.slug} not issued`, error));
  return start;
}

/** What the order's gateway wants next; a paid order (a replayed post) needs nothing more, never the provider again. */
export async function paymentStartOf(order: Order): Promise<PaymentStart> {
  if (order.paymentStatus === "paid") return { kind: "done" };
  const locale = order.locale as Locale;
  return startPayment(
    order.paymentGateway,
    {
      id: order.id,
      slug: order.slug,
      orderTotalCents: order.orderTotalCents,
      currencyLabel: order.currencyLabel,
      email: order.email,
      locale,
    },
    env.PUBLIC_URL,
  );
}

/**
 * Spec §7 payment/savePaymentMethod: the chosen way of paying kept on the cart (the
 * checkout page preselects it; order/create uses it when the call names none). Only an
 * active, available method of the site.
 */
export async function savePaymentMethod(ctx: CheckoutContext, methodId: number) {
  if (!ctx.shopper) throw new StepErrors({ form: "checkout.guest.noActiveUser" });
  const method = (await applicablePaymentMethods(ctx.locale)).find((m) => m.id === methodId && m.available);
  if (!method) throw new StepErrors({ methodId: "checkout.paymentMethodUndefined" });
  const db = await getDb();
  await db.update(carts).set({ paymentMethodId: method.id }).where(eq(carts.id, ctx.cart.id));
  return method;
}
