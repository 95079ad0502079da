import { redirect } from "@remix-run/node";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { setToast } from "~/.server/toast.server";
import { readSubmission, refuse } from "~/.server/forms.server";
import { href } from "~/lib/routes-table";
import { CONSENTS_ERROR } from "~/modules/account/account-fields";
import type { Shopper } from "~/.server/shopper.server";
import { clearCartCookies, guestCookie, rememberOrder } from "~/.server/shopper-cookies.server";
import { orderOfCart } from "~/modules/order/order-access.server";
import type { Order } from "~/modules/order/place-order.server";
import type { Locale } from "~/lib/locales";
import type { PaymentStart } from "~/modules/payment/gateway.server";
import { checkoutSchema, type CheckoutInput } from "~/modules/checkout/checkout.schema";
import type { CheckoutContext } from "~/modules/checkout/checkout.server";
import { openCheckout } from "~/routes/checkout/checkout-gate.server";
import { shopperOf } from "~/.server/shopper.server";
import { placeCheckoutOrder, paymentStartOf } from "~/modules/checkout/checkout-order.server";
import { saveAddressStep, saveGuestStep, saveShippingStep, StepErrors } from "~/modules/checkout/checkout-steps.server";

/** The fields a DomainError of a step can name (the rest is the form-wide line). */
const STEP_ERROR_FIELDS = ["methodId", CONSENTS_ERROR, "delivery.country", "billing.country"];

/**
 * The checkout page's action: one intent per step form. A step that passes redirects to
 * the page (POST → redirect → GET), which opens the next step; a refusal answers the
 * form with its translated messages and what was typed, and changes nothing.
 */
export async function checkoutAction(request: Request) {
  const { submission } = await readSubmission(request, checkoutSchema);
  // A replayed or doubled "place order" whose cart is already an order leads to that order's page.
  if (submission.payload.intent === "payment") {
    const placed = await orderOfCart(await shopperOf(request));
    if (placed) return toSuccess(placed);
  }
  const { shopper, checkout: ctx } = await openCheckout(request);
  if (submission.status !== "success") return refuse(submission);
  const path = href("checkout", ctx.locale);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "guest": {
        const { guest } = await saveGuestStep(ctx, input.email);
        return redirect(path, { headers: { "Set-Cookie": guestCookie(guest.email) } });
      }
      case "address": {
        const { couponRemoved } = await saveAddressStep(ctx, input);
        return redirect(path, couponRemoved ? { headers: await setToast({ type: "info", key: "checkout.couponRemoved" }) } : undefined);
      }
      case "shipping":
        await saveShippingStep(ctx, input);
        return redirect(path);
      case "payment":
        return await pay(shopper, ctx, input);
    }
  } catch (error) {
    if (error instanceof StepErrors) {
      const { form, ...fieldErrors } = error.errors;
      return refuse(submission, {
        formErrors: form ? [form] : undefined,
        fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([name, key]) => [name, [key]])),
      });
    }
    return answerDomainError(error, submission, STEP_ERROR_FIELDS);
  }
}

async function pay(shopper: Shopper, ctx: CheckoutContext, input: Extract<CheckoutInput, { intent: "payment" }>) {
  const { order, start } = await placeCheckoutOrder(shopper, ctx, input);
  return afterPlacing(order, start);
}

/** After placing (or finding the order already placed): no more cart, the order remembered, the gateway's next page. */
async function afterPlacing(order: Order, start: PaymentStart) {
  const locale = order.locale as Locale;
  const headers = new Headers();
  for (const cookie of clearCartCookies()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await rememberOrder(order.id));
  const success = `${href("checkoutSuccess", locale)}?orderSlug=${encodeURIComponent(order.slug)}`;
  return redirect(start.kind === "redirect" ? start.url : success, { headers });
}

/** A doubled or replayed "place order" whose cart is an order already: its next page (the failure page when its payment cannot start). */
export async function toSuccess(order: Order) {
  try {
    return await afterPlacing(order, await paymentStartOf(order));
  } catch (error) {
    console.error(`payment start for order ${order.slug} failed`, error);
    return redirect(href("checkoutFailure", order.locale as Locale));
  }
}
