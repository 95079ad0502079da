import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { cartOwnerOf, addLineToCart } from "~/modules/cart/cart-add.server";
import { priceCart } from "~/modules/cart/cart-pricing.server";
import {
  cartArchived,
  lookupCart,
  sessionMissing,
  sessionUsed,
  type CartRow,
  type CartSessionCookies,
} from "~/modules/cart/cart-session.server";
import { invalidQuantity } from "~/modules/cart/cart-line.server";
import { buildCartView } from "~/modules/cart/cart-view.server";
import {
  applyCoupon,
  clearCart,
  newCartSession,
  removeCartItem,
  removeCoupon,
  updateCartItem,
  type CartChange,
} from "~/modules/cart/cart.server";
import { resolveCartLine } from "~/modules/cart/cart-line.server";
import { claimCartAtLogin } from "~/modules/cart/cart-owner.server";
import { applyMemberCard } from "~/modules/cart/member-card.server";
import { getSiteContext } from "~/modules/site/site.server";
import type { Locale } from "~/lib/locales";
import { defineEndpoint } from "../api-endpoint";
import { cartSessionKey, type Shopper } from "~/.server/shopper.server";
import type { ApiContext } from "../api-context.server";
import { ApiError, documented } from "../api-errors.server";
import { cartAnswerSchema, cartViewSchema, currencyIdSchema, lineOptionsSchema, qtySchema } from "./ecommerce-schemas";
import { cartSessionSchema, wholeSessionOrNone } from "./shared-schemas";

/**
 * The cart calls of spec §7 (decision 0059) by cartId + protectCode. Every call runs the
 * shop's own services for a shopper holding the posted cart session (decision 0097), so a
 * cart made here is the one the HTML shop makes (docs/decisions/0059). The checkout's calls
 * are in ecommerce-checkout.server.ts.
 */
export type Ctx = ApiContext<unknown, unknown>;

export const sessionOf = (body: { cartId?: number; protectCode?: string }): CartSessionCookies | null =>
  body.cartId && body.protectCode ? { cartId: body.cartId, protectCode: body.protectCode } : null;

/** The shopper of a call on a cart session. */
export const shopperFor = (context: Ctx, cart: CartSessionCookies | null, guestEmail?: string) =>
  context.shopper({ cart: cart ? cartSessionKey(cart.cartId, cart.protectCode) : null, guestEmail });

/** The active cart of a session, or the spec's failure: 'Session doesn't exist', 'Cart is archived.', 'Session already used.'. */
export async function activeCart(shopper: Shopper): Promise<CartRow> {
  const lookup = await lookupCart(shopper);
  if (lookup.kind === "gone") throw lookup.error;
  if (lookup.kind !== "active") throw sessionMissing();
  return lookup.cart;
}

const CURRENCY_ERROR = { status: 400, message: "Currency is not defined" };
/** The site has one currency (spec §1); a call naming another is refused. */
export async function checkCurrency(locale: Locale, currencyId: number | undefined) {
  if (currencyId === undefined) return;
  const { currency } = await getSiteContext(locale);
  if (currency.id !== currencyId) throw new ApiError(CURRENCY_ERROR.status, CURRENCY_ERROR.message);
}

async function cartAnswer(context: Ctx, cart: CartRow, couponRemoved = false) {
  const fresh = await activeCart(await shopperFor(context, { cartId: cart.id, protectCode: cart.protectCode }));
  const view = await buildCartView(fresh, context.locale);
  return { cartId: fresh.id, protectCode: fresh.protectCode, cart: view, coupon: { code: view.couponCode, removed: couponRemoved } };
}

async function afterChange(context: Ctx, change: CartChange<unknown>) {
  return cartAnswer(context, change.cart, change.couponRemoved);
}

export const CART_ERRORS = documented(sessionMissing(), cartArchived(), sessionUsed());
const QTY_ERRORS = [...documented(invalidQuantity()), { status: 409, message: "Not enough in stock" }];
/** What checking a product line refuses (cart-line.server.ts resolveCartLine). */
const LINE_ERRORS = [
  { status: 404, message: "Product not found" },
  { status: 400, message: "Configuration not set" },
  { status: 400, message: "Bundle not configured" },
  { status: 400, message: "Nested bundle" },
  { status: 400, message: "Invalid options" },
  { status: 409, message: "Out of stock" },
];

export const session = cartSessionSchema;
/** A body with an optional cart session: both parts or neither. */
const sessionFields = z.object({ cartId: session.shape.cartId.optional(), protectCode: session.shape.protectCode.optional() });
export const optionalSession = wholeSessionOrNone(sessionFields);
const itemId = z.string().min(1).max(100);

const productLine = (productId: number, options: z.output<typeof lineOptionsSchema>) => ({
  productId,
  variantId: options?.variantId,
  bundleOptions: options?.bundleOptions,
  options: options?.personalizations ?? {},
});

export const cartEndpoints = {
  "ecommerce.cart.getNewCartSession": defineEndpoint({
    method: "GET",
    readOnly: false,
    path: "/ecommerce/cart/getNewCartSession",
    service: "ecommerce",
    description:
      "Keep cartId and protectCode: every cart and checkout call sends both (spec §4: the cart session). The answer is the empty cart with its totals. A GET that writes: it spends the write budget.",
    auth: "public",
    summary: "A new, empty cart session (cartId and protectCode), made as the shop's first add makes one",
    response: cartAnswerSchema,
    handler: async (context) => {
      const shopper = await shopperFor(context, null);
      return cartAnswer(context, await newCartSession(shopper, await cartOwnerOf(shopper)));
    },
  }),
  "ecommerce.cart.getCart": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/ecommerce/cart/getCart",
    service: "ecommerce",
    description:
      "cartId and protectCode of a session from getNewCartSession or addItem. Money in cents, VAT included (prices.converted.tax is the VAT part). A cart whose order was placed answers 409 'Cart is archived.', a cart another sign-in took over 409 'Session already used.': forget the session then (spec §8).",
    auth: "public",
    summary: "The cart of a session: lines, totals (cents), coupon — the cart page's view",
    body: session.extend({ currencyId: currencyIdSchema }),
    response: cartAnswerSchema,
    errors: [...CART_ERRORS, CURRENCY_ERROR],
    handler: async (context) => {
      await checkCurrency(context.locale, context.body.currencyId);
      return cartAnswer(context, await activeCart(await shopperFor(context, context.body)));
    },
  }),
  "ecommerce.cart.validateCart": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/ecommerce/cart/validateCart",
    service: "ecommerce",
    description:
      "valid: the cart can go to checkout. problems names what stops it: emptyCart (no lines), couponInvalid (the coupon no longer applies: its dates, its usage limit, the minimum, the products it applies to). The cart is answered as getCart answers it.",
    auth: "public",
    summary: "Checks the cart before checkout: the session, that it has lines, and the coupon (a coupon that no longer applies is named)",
    body: session.extend({ currencyId: currencyIdSchema }),
    response: z.object({ valid: z.boolean(), problems: z.array(z.enum(["emptyCart", "couponInvalid"])), cart: cartViewSchema }),
    errors: [...CART_ERRORS, CURRENCY_ERROR],
    handler: async (context) => {
      await checkCurrency(context.locale, context.body.currencyId);
      const cart = await activeCart(await shopperFor(context, context.body));
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
    description:
      "Call it after POST /login, with the visitor's cart session when there is one: that cart becomes the user's, with the user's earlier carts merged into it (spec §4 Auth). Without a session the user's latest open cart is answered; null when there is none.",
    auth: "customer",
    summary:
      "The signed-in user's cart as at sign-in: the posted cart becomes theirs with their abandoned carts merged in, or without one their latest cart",
    body: optionalSession,
    response: z.object({ cart: cartAnswerSchema.nullable() }),
    handler: async (context) => {
      const user = (await context.user())!;
      const posted = sessionOf(context.body);
      const claimed = await claimCartAtLogin(await shopperFor(context, posted), user.id);
      const found = claimed === undefined ? posted : claimed;
      if (!found) return { cart: null };
      const lookup = await lookupCart(await shopperFor(context, found));
      return { cart: lookup.kind === "active" ? await cartAnswer(context, lookup.cart) : null };
    },
  }),
  "ecommerce.cart.addItem": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/addItem",
    service: "ecommerce",
    description:
      "Without cartId and protectCode a new cart session is made and answered: keep it. productId names a simple product, an e-product or a bundle; a configurable product is added as one of its variants (options.variantId: product/web/get configuration.associatedProducts[].id), a bundle's configurable parts by options.bundleOptions {partId: variantId}. A product's custom options (product/web/get customOptions) go in options.personalizations {code: value}: a number option as a number or a numeric string, among them the length of a product sold per running metre (priceUnit metre, in the option's unit). The same product with the same options adds to its line.",
    auth: "public",
    summary: "Adds a product to the cart; without a session one is created and returned (spec §4)",
    body: wholeSessionOrNone(
      sessionFields.extend({
        currencyId: currencyIdSchema,
        productId: z.number().int().positive().max(999_999_999),
        qty: qtySchema,
        options: lineOptionsSchema,
        reservation: z.unknown().optional().describe("Not used by this shop (no bookable products)"),
      }),
    ),
    response: cartAnswerSchema,
    errors: [...CART_ERRORS, CURRENCY_ERROR, ...QTY_ERRORS, ...LINE_ERRORS],
    handler: async (context) => {
      const { body, locale } = context;
      await checkCurrency(locale, body.currencyId);
      const shopper = await shopperFor(context, sessionOf(body));
      const { change } = await addLineToCart(shopper, productLine(body.productId, body.options), body.qty);
      return afterChange(context, change);
    },
  }),
  "ecommerce.cart.updateItem": defineEndpoint({
    method: "PATCH",
    path: "/ecommerce/cart/updateItem",
    service: "ecommerce",
    description:
      "itemId: the line's cart.items[].itemId. qty replaces the line's quantity; with productId (the line's product) and options, the line's variant and personalisations change too, by addItem's rules.",
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
    errors: [...CART_ERRORS, CURRENCY_ERROR, ...QTY_ERRORS, ...LINE_ERRORS, { status: 404, message: "Item not in cart" }],
    handler: async (context) => {
      const { body, locale } = context;
      await checkCurrency(locale, body.currencyId);
      const shopper = await shopperFor(context, body);
      const line =
        body.productId !== undefined ? (await resolveCartLine(productLine(body.productId, body.options), locale)).line : undefined;
      return afterChange(context, await updateCartItem(shopper, body.itemId, body.qty, line));
    },
  }),
  "ecommerce.cart.deleteItem": defineEndpoint({
    method: "DELETE",
    path: "/ecommerce/cart/deleteItem",
    service: "ecommerce",
    description: "A DELETE with a JSON body: send Content-Type: application/json. itemId: the line's cart.items[].itemId.",
    auth: "public",
    summary: "Removes a line (JSON body with Content-Type)",
    body: session.extend({ itemId }),
    response: cartAnswerSchema,
    errors: [...CART_ERRORS, { status: 404, message: "Item not in cart" }],
    handler: async (context) => afterChange(context, await removeCartItem(await shopperFor(context, context.body), context.body.itemId)),
  }),
  "ecommerce.cart.clearCart": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/clearCart",
    service: "ecommerce",
    description: "Removes every line and the coupon. Without a cart session nothing happens and cart is null.",
    auth: "public",
    summary: "Empties the cart (and its coupon); nothing happens without a session (spec §4)",
    body: optionalSession,
    response: z.object({ cart: cartAnswerSchema.nullable() }),
    errors: CART_ERRORS,
    handler: async (context) => {
      const change = await clearCart(await shopperFor(context, sessionOf(context.body)));
      return { cart: change ? await afterChange(context, change) : null };
    },
  }),
  "ecommerce.cart.applyCoupon": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/applyCoupon",
    service: "ecommerce",
    description:
      "The coupon's rules are checked against the cart now: active, its dates, its usage limits (in all and per customer), the cart's minimum and the products it applies to; each refusal names its rule. data.coupon.code is the cart's coupon after the call.",
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
    handler: async (context) => afterChange(context, await applyCoupon(await shopperFor(context, context.body), context.body.couponCode)),
  }),
  "ecommerce.cart.removeCoupon": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/removeCoupon",
    service: "ecommerce",
    description: "data.coupon.code is null afterwards.",
    auth: "public",
    summary: "Takes the coupon off the cart",
    body: session,
    response: cartAnswerSchema,
    errors: CART_ERRORS,
    handler: async (context) => afterChange(context, await removeCoupon(await shopperFor(context, context.body))),
  }),
  "ecommerce.cart.applyMemberCard": defineEndpoint({
    method: "POST",
    path: "/ecommerce/cart/applyMemberCard",
    service: "ecommerce",
    description:
      "A signed-in customer's member card gives the membership prices (membershipPriceCents). outcome: skipped (no signed-in customer), cleared (an empty barcode took the card off), applied. The barcode is checked with the member card service.",
    auth: "public",
    summary: "Applies a membership card to the cart (signed-in users only; empty clears it); outcome skipped, cleared or applied",
    body: session.extend({ barcode: z.string().max(64) }),
    response: cartAnswerSchema.extend({ outcome: z.enum(["skipped", "cleared", "applied"]) }),
    errors: [
      ...CART_ERRORS,
      { status: 400, message: "Member card barcode is not valid" },
      { status: 502, message: "Member card check failed" },
    ],
    handler: async (context) => {
      const shopper = await shopperFor(context, context.body);
      const cart = await activeCart(shopper);
      const { outcome } = await applyMemberCard(shopper, context.body.barcode);
      return { ...(await cartAnswer(context, cart)), outcome };
    },
  }),
};
