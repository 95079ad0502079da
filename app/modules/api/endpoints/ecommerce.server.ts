import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { allowedCountries } from "~/modules/account/addresses.server";
import { noActiveUser } from "~/modules/account/guest.server";
import { cartOwnerOf, addLineToCart } from "~/modules/cart/cart-add.server";
import { loadCartItems, freeDeliveryCents, priceCart } from "~/modules/cart/cart-pricing.server";
import { lookupCart, sessionMissing, type CartRow, type CartSessionCookies } from "~/modules/cart/cart-session.server";
import { buildCartView } from "~/modules/cart/cart-view.server";
import { applyCoupon, clearCart, newCartSession, removeCartItem, removeCoupon, updateCartItem, type CartChange } from "~/modules/cart/cart.server";
import { resolveCartLine } from "~/modules/cart/cart-line.server";
import { claimCartAtLogin } from "~/modules/cart/cart-owner.server";
import { applyMemberCard } from "~/modules/cart/member-card.server";
import { paymentStartOf, placeCheckoutOrder, savePaymentMethod } from "~/modules/checkout/checkout-order.server";
import { addressStepSchema } from "~/modules/checkout/checkout.schema";
import { checkoutSettings } from "~/modules/checkout/checkout-settings.server";
import { saveAddressStep, saveShippingStep, StepErrors } from "~/modules/checkout/checkout-steps.server";
import { applicableDeliveryMethods, applicablePaymentMethods, checkoutGate, type CheckoutContext } from "~/modules/checkout/checkout.server";
import { orderOfCart } from "~/modules/order/order-access.server";
import type { Order } from "~/modules/order/place-order.server";
import type { PaymentStart } from "~/modules/payment/gateway.server";
import { settleCardReturn } from "~/modules/payment/card/card-return.server";
import { getSiteContext } from "~/modules/site/site.server";
import type { Locale } from "~/lib/locales";
import { parseMessage } from "~/lib/validation-message";
import { defineEndpoint } from "../api-endpoint";
import { cookiesSet, type ApiContext } from "../api-context.server";
import { ApiError, forbidden } from "../api-errors.server";
import { idParam } from "../api-router.server";
import {
  addressBodySchema, cartAnswerSchema, cartViewSchema, currencyIdSchema, deliveryMethodSchema, lineOptionsSchema, methodSchema, orderAnswerSchema, qtySchema,
} from "./ecommerce-schemas";
import { cartSessionSchema } from "./shared-schemas";

/**
 * The ecommerce calls of spec §7 (issue 17 item 3): the cart by cartId + protectCode,
 * delivery, payment and order/create. Every call runs the shop's own services through a
 * shopper request carrying the posted cart session (the cookies the HTML shop reads), so a
 * cart and an order made here are the ones the HTML shop makes (docs/decisions/0059).
 */
type Ctx = ApiContext<unknown, unknown>;

const sessionOf = (body: { cartId?: number; protectCode?: string }): CartSessionCookies | null =>
  body.cartId && body.protectCode ? { cartId: body.cartId, protectCode: body.protectCode } : null;

/** The shopper request of a call on a cart session (POST, so services treat it as a change). */
const requestFor = (context: Ctx, cart: CartSessionCookies | null) => context.shopperRequest({ cart, method: "POST" });

/** The active cart of a session, or the spec's failure: 'Session doesn't exist', 'Cart is archived.', 'Session already used.'. */
async function activeCart(request: Request): Promise<CartRow> {
  const lookup = await lookupCart(request);
  if (lookup.kind === "gone") throw lookup.error;
  if (lookup.kind !== "active") throw sessionMissing();
  return lookup.cart;
}

/** The site has one currency (spec §1); a call naming another is refused. */
async function checkCurrency(locale: Locale, currencyId: number | undefined) {
  if (currencyId === undefined) return;
  const { currency } = await getSiteContext(locale);
  if (currency.id !== currencyId) throw new ApiError(400, "Currency is not defined");
}

async function cartAnswer(context: Ctx, cart: CartRow, couponRemoved = false) {
  const request = await requestFor(context, { cartId: cart.id, protectCode: cart.protectCode });
  const fresh = await activeCart(request);
  const view = await buildCartView(fresh, context.locale);
  return { cartId: fresh.id, protectCode: fresh.protectCode, cart: view, coupon: { code: view.couponCode, removed: couponRemoved } };
}

async function afterChange(context: Ctx, change: CartChange<unknown>) {
  return cartAnswer(context, change.cart, change.couponRemoved);
}

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
 * checkout on; its HTML redirects become the API's failures.
 */
async function checkoutFor(context: Ctx, cart: CartSessionCookies): Promise<{ request: Request; checkout: CheckoutContext }> {
  const request = await requestFor(context, cart);
  const row = await activeCart(request);
  try {
    return { request, checkout: await checkoutGate(request) };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const db = await getDb();
    if (!(await checkoutSettings(db)).checkoutEnabled) throw forbidden("Checkout is disabled");
    if ((await loadCartItems(db, row.id)).length === 0) throw new ApiError(409, "Cart is empty");
    throw noActiveUser();
  }
}

/** A form schema's message (a locale key, maybe with values) in English. */
function translated(t: Awaited<ReturnType<typeof getFixedT>>, message: string) {
  const { key, values } = parseMessage(message);
  return t(key, values);
}

function orderAnswer(order: Order, start: PaymentStart) {
  return {
    order: {
      id: order.id,
      slug: order.slug,
      orderTotalCents: order.orderTotalCents,
      currencyLabel: order.currencyLabel,
      paymentStatus: order.paymentStatus,
      paymentGateway: order.paymentGateway,
    },
    payment: start.kind === "redirect" ? { kind: "redirect" as const, url: new URL(start.url, env.PUBLIC_URL).toString() } : { kind: "done" as const },
  };
}

const CART_ERRORS = [
  { status: 400, message: "Session doesn't exist" },
  { status: 409, message: "Cart is archived." },
  { status: 409, message: "Session already used." },
];
const QTY_ERRORS = [{ status: 400, message: "Invalid quantity" }];
const CHECKOUT_ERRORS = [...CART_ERRORS, { status: 401, message: "No active user" }, { status: 409, message: "Cart is empty" }, { status: 403, message: "Checkout is disabled" }];

const session = cartSessionSchema;
const optionalSession = z.object({ cartId: session.shape.cartId.optional(), protectCode: session.shape.protectCode.optional() });
const itemId = z.string().min(1).max(100);

const productLine = (productId: number, options: z.output<typeof lineOptionsSchema>) => ({
  productId,
  variantId: options?.variantId,
  bundleOptions: options?.bundleOptions,
  options: options?.personalizations ?? {},
});

export const ecommerceEndpoints = {
  "ecommerce.cart.getNewCartSession": defineEndpoint({
    method: "GET",
    path: "/ecommerce/cart/getNewCartSession",
    service: "ecommerce",
    auth: "public",
    summary: "A new, empty cart session (cartId and protectCode), made as the shop's first add makes one",
    response: cartAnswerSchema,
    handler: async (context) => {
      const request = await requestFor(context, null);
      return cartAnswer(context, await newCartSession(request, await cartOwnerOf(request, context.locale)));
    },
  }),
  "ecommerce.cart.getCart": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/getCart",
    service: "ecommerce",
    auth: "public",
    summary: "The cart of a session: lines, totals (cents), coupon — the cart page's view",
    body: session.extend({ currencyId: currencyIdSchema }),
    response: cartAnswerSchema,
    errors: CART_ERRORS,
    handler: async (context) => {
      await checkCurrency(context.locale, context.body.currencyId);
      return cartAnswer(context, await activeCart(await requestFor(context, context.body)));
    },
  }),
  "ecommerce.cart.validateCart": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/validateCart",
    service: "ecommerce",
    auth: "public",
    summary: "Checks the cart before checkout: the session, that it has lines, and the coupon (a coupon that no longer applies is named)",
    body: session.extend({ currencyId: currencyIdSchema }),
    response: z.object({ valid: z.boolean(), problems: z.array(z.enum(["emptyCart", "couponInvalid"])), cart: cartViewSchema }),
    errors: CART_ERRORS,
    handler: async (context) => {
      await checkCurrency(context.locale, context.body.currencyId);
      const cart = await activeCart(await requestFor(context, context.body));
      const db = await getDb();
      const [{ items, totals }, view] = await Promise.all([priceCart(db, cart), buildCartView(cart, context.locale)]);
      const problems: ("emptyCart" | "couponInvalid")[] = [];
      if (items.length === 0) problems.push("emptyCart");
      if (cart.couponCode && totals.couponProblem) problems.push("couponInvalid");
      return { valid: problems.length === 0, problems, cart: view };
    },
  }),
  "ecommerce.cart.getAbandoned": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/getAbandoned",
    service: "ecommerce",
    auth: "customer",
    summary: "The signed-in user's cart as at sign-in: the posted cart becomes theirs with their abandoned carts merged in, or without one their latest cart",
    body: optionalSession,
    response: z.object({ cart: cartAnswerSchema.nullable() }),
    handler: async (context) => {
      const user = (await context.user())!;
      const posted = sessionOf(context.body);
      const request = await requestFor(context, posted);
      const headers = new Headers();
      for (const cookie of await claimCartAtLogin(request, user.id)) headers.append("Set-Cookie", cookie);
      const { cart } = await cookiesSet(headers);
      const found = cart === undefined ? posted : cart;
      if (!found) return { cart: null };
      const lookup = await lookupCart(await requestFor(context, found));
      return { cart: lookup.kind === "active" ? await cartAnswer(context, lookup.cart) : null };
    },
  }),
  "ecommerce.cart.addItem": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/addItem",
    service: "ecommerce",
    auth: "public",
    summary: "Adds a product to the cart; without a session one is created and returned (spec §4)",
    body: optionalSession.extend({
      currencyId: currencyIdSchema,
      productId: z.number().int().positive().max(999_999_999),
      qty: qtySchema,
      options: lineOptionsSchema,
      reservation: z.unknown().optional().describe("Not used by this shop (no bookable products)"),
    }),
    response: cartAnswerSchema,
    errors: [...CART_ERRORS, ...QTY_ERRORS, { status: 404, message: "Product not found" }, { status: 409, message: "Out of stock" }],
    handler: async (context) => {
      const { body, locale } = context;
      await checkCurrency(locale, body.currencyId);
      const request = await requestFor(context, sessionOf(body));
      const { change } = await addLineToCart(request, productLine(body.productId, body.options), body.qty, locale);
      return afterChange(context, change);
    },
  }),
  "ecommerce.cart.updateItem": defineEndpoint({
    method: "PATCH",
    path: "/ecommerce/cart/updateItem",
    service: "ecommerce",
    auth: "public",
    summary: "Sets a line's quantity; with productId and options its variant and personalisations too (the product page's cart-item edit)",
    body: session.extend({
      currencyId: currencyIdSchema,
      itemId,
      qty: qtySchema,
      productId: z.number().int().positive().max(999_999_999).optional(),
      options: lineOptionsSchema,
    }),
    response: cartAnswerSchema,
    errors: [...CART_ERRORS, ...QTY_ERRORS, { status: 404, message: "Item not in cart" }],
    handler: async (context) => {
      const { body, locale } = context;
      await checkCurrency(locale, body.currencyId);
      const request = await requestFor(context, body);
      const line = body.productId !== undefined ? (await resolveCartLine(productLine(body.productId, body.options), locale)).line : undefined;
      return afterChange(context, await updateCartItem(request, body.itemId, body.qty, line));
    },
  }),
  "ecommerce.cart.deleteItem": defineEndpoint({
    method: "DELETE",
    path: "/ecommerce/cart/deleteItem",
    service: "ecommerce",
    auth: "public",
    summary: "Removes a line (JSON body with Content-Type)",
    body: session.extend({ itemId }),
    response: cartAnswerSchema,
    errors: [...CART_ERRORS, { status: 404, message: "Item not in cart" }],
    handler: async (context) => afterChange(context, await removeCartItem(await requestFor(context, context.body), context.body.itemId)),
  }),
  "ecommerce.cart.clearCart": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/clearCart",
    service: "ecommerce",
    auth: "public",
    summary: "Empties the cart (and its coupon); nothing happens without a session (spec §4)",
    body: optionalSession,
    response: z.object({ cart: cartAnswerSchema.nullable() }),
    errors: CART_ERRORS,
    handler: async (context) => {
      const change = await clearCart(await requestFor(context, sessionOf(context.body)));
      return { cart: change ? await afterChange(context, change) : null };
    },
  }),
  "ecommerce.cart.applyCoupon": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/applyCoupon",
    service: "ecommerce",
    auth: "public",
    summary: "Applies a coupon when it applies to this cart now; data.coupon is the cart's coupon",
    body: session.extend({ couponCode: z.string().max(64) }),
    response: cartAnswerSchema,
    errors: [
      ...CART_ERRORS,
      { status: 404, message: "Coupon not found!" },
      { status: 400, message: "Coupon code required" },
      { status: 400, message: "Coupon is not valid" },
      { status: 400, message: "Coupon usage limit reached" },
      { status: 400, message: "Coupon already used by this customer" },
      { status: 400, message: "Cart value below the coupon minimum" },
      { status: 400, message: "No items the coupon applies to" },
    ],
    handler: async (context) => afterChange(context, await applyCoupon(await requestFor(context, context.body), context.body.couponCode)),
  }),
  "ecommerce.cart.removeCoupon": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/removeCoupon",
    service: "ecommerce",
    auth: "public",
    summary: "Takes the coupon off the cart",
    body: session,
    response: cartAnswerSchema,
    errors: CART_ERRORS,
    handler: async (context) => afterChange(context, await removeCoupon(await requestFor(context, context.body))),
  }),
  "ecommerce.cart.applyMemberCard": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/applyMemberCard",
    service: "ecommerce",
    auth: "public",
    summary: "Applies a membership card to the cart (signed-in users only; empty clears it); outcome skipped, cleared or applied",
    body: session.extend({ barcode: z.string().max(64) }),
    response: cartAnswerSchema.extend({ outcome: z.enum(["skipped", "cleared", "applied"]) }),
    errors: [...CART_ERRORS, { status: 400, message: "Member card barcode is not valid" }, { status: 502, message: "Member card check failed" }],
    handler: async (context) => {
      const request = await requestFor(context, context.body);
      const cart = await activeCart(request);
      const { outcome } = await applyMemberCard(request, await context.user(), context.body.barcode, context.locale);
      return { ...(await cartAnswer(context, cart)), outcome };
    },
  }),

  "ecommerce.settings.getCheckoutSettings": defineEndpoint({
    method: "GET",
    path: "/ecommerce/settings/getCheckoutSettings",
    service: "ecommerce",
    auth: "public",
    summary: "The store's checkout settings (spec §1)",
    response: z.looseObject({ checkoutEnabled: z.boolean(), registeredUsersOnly: z.boolean(), guestCheckout: z.boolean(), allowedCountries: z.array(z.string()) }),
    handler: async () => checkoutSettings(await getDb()),
  }),
  "ecommerce.settings.getCurrencyConfig": defineEndpoint({
    method: "GET",
    path: "/ecommerce/settings/getCurrencyConfig",
    service: "ecommerce",
    auth: "public",
    summary: "The site's currency",
    response: z.object({ currencies: z.array(z.object({ id: z.number().int(), label: z.string(), symbol: z.string() })), defaultCurrencyId: z.number().int() }),
    handler: async ({ locale }) => {
      const { currency } = await getSiteContext(locale);
      return { currencies: [currency], defaultCurrencyId: currency.id };
    },
  }),
  "ecommerce.checkout.getAvailableCountries": defineEndpoint({
    method: "POST",
    path: "/ecommerce/checkout/getAvailableCountries",
    service: "ecommerce",
    auth: "public",
    summary: "The countries checkout delivers to (spec §5 allowedCountries)",
    response: z.object({ countries: z.array(z.object({ iso: z.string(), name: z.string() })) }),
    handler: async () => ({ countries: await allowedCountries(await getDb()) }),
  }),
  "ecommerce.checkout.getFreeDeliveryAmount": defineEndpoint({
    method: "GET",
    path: "/ecommerce/checkout/getFreeDeliveryAmount/:currencyId",
    service: "ecommerce",
    auth: "public",
    summary: "The free-delivery limit (data.price, in the currency's units; null: none)",
    response: z.object({ price: z.number().nullable(), priceCents: z.number().int().nullable() }),
    handler: async ({ locale, params }) => {
      await checkCurrency(locale, idParam(params.currencyId));
      const cents = await freeDeliveryCents(locale);
      return { price: cents === null ? null : cents / 100, priceCents: cents };
    },
  }),
  "ecommerce.delivery.getApplicableDeliveryMethods": defineEndpoint({
    method: "POST",
    path: "/ecommerce/delivery/getApplicableDeliveryMethods",
    service: "ecommerce",
    auth: "public",
    summary: "The active delivery methods with their branches (pick-up points, parcel lockers)",
    body: optionalSession,
    response: z.object({ methods: z.array(deliveryMethodSchema) }),
    handler: async ({ locale }) => ({ methods: await applicableDeliveryMethods(locale) }),
  }),
  "ecommerce.delivery.saveDeliveryMethod": defineEndpoint({
    method: "PUT",
    path: "/ecommerce/delivery/saveDeliveryMethod",
    service: "ecommerce",
    auth: "public",
    summary: "Chooses the cart's delivery method (and branch when the method has branches); needs a signed-in user",
    body: session.extend({
      userId: z.number().int().positive().max(999_999_999).optional(),
      deliveryMethodId: z.number().int().positive().max(999_999_999),
      branchId: z.number().int().positive().max(999_999_999).nullable().optional(),
    }),
    response: z.object({ deliveryMethodId: z.number().int(), branchId: z.number().int().nullable(), cart: cartViewSchema }),
    errors: [...CHECKOUT_ERRORS, { status: 400, message: "Please choose a delivery method." }],
    handler: async (context) => {
      const { body } = context;
      const { checkout } = await checkoutFor(context, body);
      if (!checkout.shopper || (body.userId !== undefined && body.userId !== checkout.shopper.id)) throw noActiveUser();
      const branchId = body.branchId ? { [String(body.deliveryMethodId)]: body.branchId } : {};
      await saveShippingStep(checkout, { intent: "shipping", methodId: body.deliveryMethodId, branchId }).catch(stepFailure);
      const cart = await activeCart(await requestFor(context, body));
      return { deliveryMethodId: body.deliveryMethodId, branchId: cart.deliveryBranchId, cart: await buildCartView(cart, context.locale) };
    },
  }),
  "ecommerce.payment.getApplicablePaymentMethods": defineEndpoint({
    method: "POST",
    path: "/ecommerce/payment/getApplicablePaymentMethods",
    service: "ecommerce",
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
    auth: "public",
    summary: "Chooses the cart's payment method (order/create uses it when it names none)",
    body: session.extend({ paymentMethodId: z.number().int().positive().max(999_999_999) }),
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
    summary: "Places the cart's order as the checkout page does: the address step (when given), the payment method and the required consents",
    description:
      "deliveryAddress (or savedAddressId of the customer's address book) and billingAddress (a copy of delivery when left out) are checked by the checkout's address form rules and kept on the cart; without them the cart's saved addresses are used. acceptedConsents: the ids of the checkout form's consents (required ones must be there). A card payment answers payment.kind 'redirect' with the provider's page; the provider's signed answer goes to order/pgSuccess/{id}.",
    body: session.extend({
      paymentMethodId: z.number().int().positive().max(999_999_999).optional(),
      acceptedConsents: z.array(z.number().int().positive().max(999_999_999)).max(50).default([]),
      savedAddressId: z.number().int().positive().max(999_999_999).optional(),
      deliveryAddress: addressBodySchema.optional(),
      billingAddress: addressBodySchema.optional(),
    }),
    response: orderAnswerSchema,
    errors: [
      ...CHECKOUT_ERRORS,
      { status: 502, message: "Payment could not be started" },
      { status: 400, message: "Required consents were not accepted" },
      { status: 400, message: "Address missing" },
      { status: 400, message: "Please choose a payment method." },
    ],
    handler: async (context) => {
      const { body } = context;
      // A doubled or replayed order/create whose cart is an order already answers that order (as the checkout page does).
      const placed = await orderOfCart(await requestFor(context, body));
      if (placed) {
        const start = await paymentStartOf(placed).catch(() => {
          throw new ApiError(502, "Payment could not be started");
        });
        return orderAnswer(placed, start);
      }
      const { request, checkout } = await checkoutFor(context, body);
      if (!checkout.shopper) throw noActiveUser();
      if (body.deliveryAddress || body.savedAddressId) {
        const parsed = addressStepSchema.safeParse({
          intent: "address",
          savedAddressId: body.savedAddressId ? String(body.savedAddressId) : "new",
          delivery: body.deliveryAddress,
          differentBilling: Boolean(body.billingAddress),
          billing: body.billingAddress,
        });
        if (!parsed.success) {
          const t = await getFixedT("en");
          const errors = parsed.error.issues.map((issue) => ({ field: `body.${issue.path.join(".")}`, message: translated(t, issue.message) }));
          throw new ApiError(400, `Invalid ${errors[0].field}: ${errors[0].message}`, errors);
        }
        await saveAddressStep(checkout, parsed.data).catch(stepFailure);
      }
      const cart = await activeCart(request);
      const methodId = body.paymentMethodId ?? cart.paymentMethodId;
      const { order, start } = await placeCheckoutOrder(request, { ...checkout, cart }, { methodId, acceptedConsents: body.acceptedConsents }).catch(stepFailure);
      return orderAnswer(order, start);
    },
  }),
  "ecommerce.order.pgSuccess": defineEndpoint({
    method: "POST",
    path: "/ecommerce/order/pgSuccess/:id",
    service: "ecommerce",
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
