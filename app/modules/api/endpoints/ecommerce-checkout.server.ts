import { eq } from "drizzle-orm";
import { z } from "zod/v4";
import { users } from "~/.server/db/schema";
import type { Shopper } from "~/.server/shopper.server";
import { getDb } from "~/.server/db/client.server";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { addressInputOf, allowedCountries, defaultAddresses } from "~/modules/account/addresses.server";
import { noActiveUser } from "~/modules/account/guest.server";
import { freeDeliveryCents } from "~/modules/cart/cart-pricing.server";
import { type CartSessionCookies } from "~/modules/cart/cart-session.server";
import { buildCartView } from "~/modules/cart/cart-view.server";
import { paymentStartOf, placeCheckoutOrder, savePaymentMethod } from "~/modules/checkout/checkout-order.server";
import { addressStepSchema, guestStepSchema } from "~/modules/checkout/checkout.schema";
import type { AddressInput } from "~/modules/account/account.schema";
import { checkoutSettings } from "~/modules/site/checkout-settings.server";
import { saveAddressStep, saveGuestStep, saveShippingStep, StepErrors } from "~/modules/checkout/checkout-steps.server";
import {
  applicableDeliveryMethods,
  applicablePaymentMethods,
  checkoutGate,
  type CheckoutContext,
} from "~/modules/checkout/checkout.server";
import { orderOfCart } from "~/modules/order/order-access.server";
import { paymentInstructions } from "~/modules/order/payment-instructions.server";
import type { Order } from "~/modules/order/place-order.server";
import type { PaymentStart } from "~/modules/payment/gateway.server";
import { settleCardReturn } from "~/modules/checkout/card-return.server";
import { getSiteContext } from "~/modules/site/site.server";
import { parseMessage } from "~/lib/validation-message";
import { defineEndpoint } from "../api-endpoint";
import { ApiError, documented, forbidden } from "../api-errors.server";
import { orderBlocked } from "~/modules/account/blocked.server";
import { idParam } from "../api-router.server";
import { addressBodySchema, cartViewSchema, deliveryMethodSchema, methodSchema, orderAnswerSchema } from "./ecommerce-schemas";
import { guestLinkOf } from "./orders.server";
import { activeCart, CART_ERRORS, checkCurrency, optionalSession, sessionOf, shopperFor, session, type Ctx } from "./ecommerce-cart.server";

/**
 * The checkout calls of spec §7 (decision 0059): the checkout's settings, delivery,
 * payment and order/create on an API cart session, through the HTML checkout's own steps
 * and gate, so an order made here is the one the HTML shop makes (docs/decisions/0059).
 */

/** A checkout step's refusal: its message keys in the spec's language of the API (English), 400; no shopper is 'No active user'. */
async function stepFailure(error: unknown): Promise<never> {
  if (!(error instanceof StepErrors)) throw error;
  const { form, ...fields } = error.errors;
  if (form === "checkout.guest.noActiveUser") throw noActiveUser();
  const t = await getFixedT("en");
  const errors = Object.entries(fields).map(([field, key]) => ({ field, message: t(key) }));
  throw new ApiError(400, form ? t(form) : (errors[0]?.message ?? "Invalid checkout step"), errors);
}

/**
 * The checkout's gate for a call: the cart session must be active and not empty, the
 * checkout on; its refusals become the API's failures. Without a bearer token, a
 * guestEmail makes the shopper a guest as the checkout page's guest step does (guest
 * checkout on, spec §6): the cart is attached to the guest user of that address; an
 * address with an account is refused ('Account exists': sign in instead).
 */
async function checkoutFor(
  context: Ctx,
  cart: CartSessionCookies & { guestEmail?: string },
): Promise<{ shopper: Shopper; checkout: CheckoutContext }> {
  const shopper = await shopperFor(context, cart, cart.guestEmail);
  await activeCart(shopper);
  const gate = await checkoutGate(shopper);
  if (!gate.ok) {
    if (gate.refusal === "disabled") throw forbidden("Checkout is disabled");
    if (gate.refusal === "emptyCart") throw new ApiError(409, "Cart is empty");
    throw noActiveUser();
  }
  let checkout = gate.checkout;
  if (!checkout.shopper && cart.guestEmail) {
    const { guest } = await saveGuestStep(checkout, cart.guestEmail);
    checkout = { ...checkout, shopper: { ...guest, guest: true } };
  }
  return { shopper, checkout };
}

/** Who buys without an account (guest checkout on): the e-mail the guest step of the checkout page takes. */
const guestEmail = guestStepSchema.shape.email
  .optional()
  .describe(
    "Guest checkout (when the shop allows it): the buyer's e-mail, sent on every checkout call instead of a bearer token; ignored for a signed-in user",
  );

/** A form schema's message (a locale key, maybe with values) in English. */
function translated(t: Awaited<ReturnType<typeof getFixedT>>, message: string) {
  const { key, values } = parseMessage(message);
  return t(key, values);
}

/**
 * order/create's answer: the order, what follows now (the card provider's page or nothing),
 * the payment instructions the order's detail shows too, and for a guest the order's own
 * link (decision 0126).
 */
async function orderAnswer(order: Order, start: PaymentStart) {
  const db = await getDb();
  const [buyer] = order.userId ? await db.select({ isGuest: users.isGuest }).from(users).where(eq(users.id, order.userId)) : [];
  const guest = !buyer || buyer.isGuest;
  return {
    order: {
      id: order.id,
      slug: order.slug,
      orderTotalCents: order.orderTotalCents,
      currencyLabel: order.currencyLabel,
      paymentStatus: order.paymentStatus,
      paymentGateway: order.paymentGateway,
    },
    payment:
      start.kind === "redirect"
        ? { kind: "redirect" as const, url: new URL(start.url, env.PUBLIC_URL).toString() }
        : { kind: "done" as const },
    paymentInstructions: await paymentInstructions(order, env.PUBLIC_URL, guest ? "guest" : "customer"),
    guestLink: guest ? guestLinkOf(order.id) : null,
  };
}

/**
 * The addresses order/create uses when the call names none and the cart has none yet: the
 * customer's default delivery address, and the default billing address when it is another
 * (decision 0129), as the checkout page starts from them.
 */
async function defaultAddressesOf(
  checkout: CheckoutContext,
): Promise<{ savedAddressId?: number; deliveryAddress?: AddressInput; billingAddress?: AddressInput }> {
  if (checkout.cart.deliveryAddress || !checkout.shopper || checkout.shopper.guest) return {};
  const { delivery, billing } = await defaultAddresses(checkout.shopper.id);
  if (!delivery) return {};
  return { savedAddressId: delivery.id, billingAddress: billing && billing.id !== delivery.id ? addressInputOf(billing) : undefined };
}

/** A checkout step's refusal (stepFailure): its field messages in English. */
const STEP_REFUSAL = {
  status: 400,
  message: "A checkout step's refusal (e.g. Please choose a delivery method.); errors[] names each field",
};

/** What the checkout's gate and guest step refuse (checkoutFor). */
const CHECKOUT_ERRORS = [
  ...CART_ERRORS,
  ...documented(noActiveUser(), orderBlocked()),
  { status: 409, message: "Cart is empty" },
  { status: 403, message: "Checkout is disabled" },
  { status: 403, message: "Guest checkout is off" },
  { status: 409, message: "Account exists" },
  { status: 400, message: "Invalid e-mail" },
  STEP_REFUSAL,
];

/** What placing the order refuses beyond the steps (place-order.server.ts, the payment start). */
const PLACE_ORDER_ERRORS = [
  { status: 400, message: "Address missing" },
  { status: 404, message: "Address not found" },
  { status: 400, message: "Cart is empty" },
  { status: 400, message: "Payment method undefined" },
  { status: 400, message: "Shipping method undefined" },
  { status: 409, message: "Shipping method not offered for this cart" },
  { status: 400, message: "Shipping branch undefined" },
  { status: 409, message: "Coupon invalid" },
  { status: 409, message: "Coupon already used by this customer" },
  { status: 409, message: "Out of stock" },
  { status: 400, message: "Required consents were not accepted" },
  { status: 503, message: "Card payments are not configured" },
  { status: 502, message: "Card provider unreachable" },
  { status: 502, message: "Payment could not be started" },
];

export const checkoutEndpoints = {
  "ecommerce.settings.getCheckoutSettings": defineEndpoint({
    method: "GET",
    path: "/ecommerce/settings/getCheckoutSettings",
    service: "ecommerce",
    description:
      "checkoutEnabled false: order/create is refused (403). registeredUsersOnly: a buyer must sign in; guestCheckout: a buyer without an account may send guestEmail on the checkout calls instead. allowedCountries: the ISO codes a delivery address may name (ALL: any).",
    auth: "public",
    summary: "The store's checkout settings (spec §1)",
    response: z.strictObject({
      checkoutEnabled: z.boolean(),
      registeredUsersOnly: z.boolean(),
      guestCheckout: z.boolean(),
      allowedCountries: z.array(z.string()).describe("ISO codes, or ALL for every country (getAvailableCountries lists them)"),
    }),
    handler: async () => {
      const { checkoutEnabled, registeredUsersOnly, guestCheckout, allowedCountries } = await checkoutSettings(await getDb());
      return { checkoutEnabled, registeredUsersOnly, guestCheckout, allowedCountries };
    },
  }),
  "ecommerce.settings.getCurrencyConfig": defineEndpoint({
    method: "GET",
    path: "/ecommerce/settings/getCurrencyConfig",
    service: "ecommerce",
    description:
      "The shop sells in one currency (EUR, id 44): every call that takes currencyId refuses any other with 400 'Currency is not defined'.",
    auth: "public",
    summary: "The site's currency",
    response: z.object({
      currencies: z.array(z.object({ id: z.number().int(), label: z.string(), symbol: z.string() })),
      defaultCurrencyId: z.number().int(),
    }),
    handler: async ({ locale }) => {
      const { currency } = await getSiteContext(locale);
      return { currencies: [currency], defaultCurrencyId: currency.id };
    },
  }),
  "ecommerce.checkout.getAvailableCountries": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/ecommerce/checkout/getAvailableCountries",
    service: "ecommerce",
    description: "iso: the code an address's country field takes; name in the shop's language.",
    auth: "public",
    summary: "The countries checkout delivers to (spec §5 allowedCountries)",
    response: z.object({ countries: z.array(z.object({ iso: z.string(), name: z.string() })) }),
    handler: async () => ({ countries: await allowedCountries(await getDb()) }),
  }),
  "ecommerce.checkout.getFreeDeliveryAmount": defineEndpoint({
    method: "GET",
    path: "/ecommerce/checkout/getFreeDeliveryAmount/:currencyId",
    service: "ecommerce",
    description:
      "price: the limit in the currency's units (150 for 150,00 EUR), priceCents the same in cents; both null when the shop has no free-delivery limit. The cart answers compare it with the items total after the coupon (cart.freeDelivery).",
    params: { currencyId: "The currency's id (getCurrencyConfig); any other than the site's is refused" },
    auth: "public",
    summary: "The free-delivery limit (data.price, in the currency's units; null: none)",
    response: z.object({ price: z.number().nullable(), priceCents: z.number().int().nullable() }),
    errors: [{ status: 400, message: "Currency is not defined" }],
    handler: async ({ locale, params }) => {
      await checkCurrency(locale, idParam(params.currencyId));
      const cents = await freeDeliveryCents(locale);
      return { price: cents === null ? null : cents / 100, priceCents: cents };
    },
  }),
  "ecommerce.delivery.getApplicableDeliveryMethods": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/ecommerce/delivery/getApplicableDeliveryMethods",
    service: "ecommerce",
    description:
      "Without a cart session: every active method at its base price. With one: only the methods the cart can use (its weight, its delivery country, goods too long for a parcel), at the cart's price. options: a method's pick-up points or parcel lockers; saveDeliveryMethod then needs one of them as branchId.",
    auth: "public",
    summary:
      "The delivery methods with their branches (pick-up points, parcel lockers); with a cart session only those offered for the cart, at its price (weight, delivery country, long goods)",
    body: optionalSession,
    response: z.object({ methods: z.array(deliveryMethodSchema) }),
    errors: CART_ERRORS,
    handler: async (context) => {
      const posted = sessionOf(context.body);
      const cart = posted ? await activeCart(await shopperFor(context, posted)) : null;
      return { methods: await applicableDeliveryMethods(context.locale, cart) };
    },
  }),
  "ecommerce.delivery.saveDeliveryMethod": defineEndpoint({
    method: "PUT",
    path: "/ecommerce/delivery/saveDeliveryMethod",
    service: "ecommerce",
    description:
      "deliveryMethodId: a method of getApplicableDeliveryMethods for this cart; branchId: one of its options[].id when it has options, else left out. Needs a signed-in customer (bearer token) or, with guest checkout on, guestEmail. userId, when sent, must be the signed-in user's.",
    auth: "public",
    summary: "Chooses the cart's delivery method (and branch when the method has branches); needs a signed-in user or a guest e-mail",
    body: session.extend({
      guestEmail,
      userId: z.number().int().positive().max(999_999_999).optional(),
      deliveryMethodId: z.number().int().positive().max(999_999_999),
      branchId: z.number().int().positive().max(999_999_999).nullable().optional(),
    }),
    response: z.object({ deliveryMethodId: z.number().int(), branchId: z.number().int().nullable(), cart: cartViewSchema }),
    errors: CHECKOUT_ERRORS,
    handler: async (context) => {
      const { body } = context;
      const { checkout } = await checkoutFor(context, body);
      if (!checkout.shopper || (body.userId !== undefined && body.userId !== checkout.shopper.id)) throw noActiveUser();
      const branchId = body.branchId ? { [String(body.deliveryMethodId)]: body.branchId } : {};
      await saveShippingStep(checkout, { intent: "shipping", methodId: body.deliveryMethodId, branchId }).catch(stepFailure);
      const cart = await activeCart(await shopperFor(context, body, body.guestEmail));
      return { deliveryMethodId: body.deliveryMethodId, branchId: cart.deliveryBranchId, cart: await buildCartView(cart, context.locale) };
    },
  }),
  "ecommerce.payment.getApplicablePaymentMethods": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/ecommerce/payment/getApplicablePaymentMethods",
    service: "ecommerce",
    description:
      "gateway says how the order is paid: bankTransfer (the payment slip's data follows the order), cashOnDelivery, card (order/create answers the provider's page). The cart session is accepted for the spec's shape; the methods do not depend on it.",
    auth: "public",
    summary: "The payment methods that can take a payment now (a card method without a provider is left out, as on the checkout page)",
    body: optionalSession,
    response: z.object({ methods: z.array(methodSchema.extend({ gateway: z.string() })) }),
    handler: async ({ locale }) => ({
      methods: (await applicablePaymentMethods(locale)).filter((m) => m.available).map(({ available: _a, ...m }) => m),
    }),
  }),
  "ecommerce.payment.savePaymentMethod": defineEndpoint({
    method: "PUT",
    path: "/ecommerce/payment/savePaymentMethod",
    service: "ecommerce",
    description: "paymentMethodId: one of getApplicablePaymentMethods. Needs a signed-in customer or, with guest checkout on, guestEmail.",
    auth: "public",
    summary: "Chooses the cart's payment method (order/create uses it when it names none)",
    body: session.extend({ guestEmail, paymentMethodId: z.number().int().positive().max(999_999_999) }),
    response: z.object({ paymentMethodId: z.number().int() }),
    errors: CHECKOUT_ERRORS,
    handler: async (context) => {
      const { checkout } = await checkoutFor(context, context.body);
      const method = await savePaymentMethod(checkout, context.body.paymentMethodId).catch(stepFailure);
      return { paymentMethodId: method.id };
    },
  }),
  "ecommerce.order.create": defineEndpoint({
    method: "POST",
    path: "/ecommerce/order/create",
    service: "ecommerce",
    auth: "public",
    summary:
      "Places the cart's order as the checkout page does: the address step (when given), the payment method and the required consents",
    description:
      "deliveryAddress (or savedAddressId of the customer's address book) and billingAddress (a copy of delivery when left out) are checked by the checkout's address form rules and kept on the cart; without them the cart's saved addresses are used, and a cart without any takes the customer's default delivery and billing addresses. acceptedConsents: the ids of the checkout form's consents (required ones must be there). A card payment answers payment.kind 'redirect' with the provider's page; the provider's signed answer goes to order/pgSuccess/{id}.",
    body: session.extend({
      guestEmail,
      paymentMethodId: z.number().int().positive().max(999_999_999).optional(),
      acceptedConsents: z.array(z.number().int().positive().max(999_999_999)).max(50).default([]),
      savedAddressId: z.number().int().positive().max(999_999_999).optional(),
      deliveryAddress: addressBodySchema.optional(),
      billingAddress: addressBodySchema.optional(),
    }),
    response: orderAnswerSchema,
    errors: [...CHECKOUT_ERRORS, ...PLACE_ORDER_ERRORS],
    handler: async (context) => {
      const { body } = context;
      // A doubled or replayed order/create whose cart is an order already answers that order (as the checkout page does).
      const placed = await orderOfCart(await shopperFor(context, body, body.guestEmail));
      if (placed) {
        const start = await paymentStartOf(placed).catch(() => {
          throw new ApiError(502, "Payment could not be started");
        });
        return orderAnswer(placed, start);
      }
      const { shopper, checkout } = await checkoutFor(context, body);
      if (!checkout.shopper) throw noActiveUser();
      const given = body.deliveryAddress || body.savedAddressId ? body : await defaultAddressesOf(checkout);
      if (given.deliveryAddress || given.savedAddressId) {
        const parsed = addressStepSchema.safeParse({
          intent: "address",
          savedAddressId: given.savedAddressId ? String(given.savedAddressId) : "new",
          delivery: given.deliveryAddress,
          differentBilling: Boolean(given.billingAddress),
          billing: given.billingAddress,
        });
        if (!parsed.success) {
          const t = await getFixedT("en");
          const errors = parsed.error.issues.map((issue) => ({
            field: `body.${issue.path.join(".")}`,
            message: translated(t, issue.message),
          }));
          throw new ApiError(400, `Invalid ${errors[0].field}: ${errors[0].message}`, errors);
        }
        await saveAddressStep(checkout, parsed.data).catch(stepFailure);
      }
      const cart = await activeCart(shopper);
      const methodId = body.paymentMethodId ?? cart.paymentMethodId;
      const { order, start } = await placeCheckoutOrder(
        shopper,
        { ...checkout, cart },
        { methodId, acceptedConsents: body.acceptedConsents },
      ).catch(stepFailure);
      return orderAnswer(order, start);
    },
  }),
  "ecommerce.order.pgSuccess": defineEndpoint({
    method: "POST",
    path: "/ecommerce/order/pgSuccess/:id",
    service: "ecommerce",
    description:
      "Body: the fields of the card provider's return exactly as the provider sent them (names up to 40 characters, values up to 500). The signature is checked before anything changes; a settled order answers its payment status, and the same return sent again answers the same.",
    params: { id: "The order's id (order/create's order.id)" },
    auth: "public",
    summary: "The card provider's signed answer for an order (the fields of its return), as the card return page takes it",
    body: z.record(z.string().max(40), z.string().max(500)),
    response: z.object({ orderId: z.number().int(), slug: z.string(), paymentStatus: z.string() }),
    errors: [{ status: 400, message: "Invalid payment signature" }],
    handler: async ({ body, params }) => {
      const settled = await settleCardReturn(body, idParam(params.id));
      if (!settled) throw new ApiError(400, "Invalid payment signature");
      return { orderId: settled.orderId, slug: settled.slug, paymentStatus: settled.paymentStatus };
    },
  }),
};
