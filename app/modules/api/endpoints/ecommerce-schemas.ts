import { z } from "zod/v4";
import { addressSchema } from "~/modules/account/account.schema";
import type { CartLineView, CartSummary, CartView } from "~/modules/cart/cart-view";
import { QUANTITY } from "~/modules/catalog/product-view";
import { shapeOf } from "../api-endpoint";
import { mediaRefSchema, productCardSchema } from "./catalog-schemas";
import { guestLinkSchema, paymentInstructionsSchema } from "./order-schemas";
import { cartSessionSchema } from "./shared-schemas";

/**
 * The shapes of the ecommerce calls (spec §7 Ecommerce, §4 Cart). The cart answer is the
 * cart view the HTML cart page renders (modules/cart/cart-view.ts), money in cents, with
 * the cart session and data.coupon beside it.
 */
const money = z.number().int().describe("Cents");

const cartLine = shapeOf<CartLineView>()(
  z.strictObject({
    itemId: z.string().describe("The line's id: updateItem's and deleteItem's itemId"),
    productId: z.number().int(),
    variantId: z.number().int().nullable().describe("The variant of a configurable product"),
    qty: z.number().int(),
    productData: z.strictObject({
      name: z.string(),
      sku: z.string(),
      media: mediaRefSchema.nullable(),
      slug: z.string(),
      mainProductSlug: z.string().describe("The product page's slug (a variant's main product)"),
      isVisibleIndividually: z.boolean(),
    }),
    href: z.string().describe("The product's page in the shop"),
    editHref: z.string().describe("The product page in cart-item edit mode for this line"),
    details: z.array(z.strictObject({ label: z.string(), value: z.string() })).describe("The chosen variant and options, written out"),
    prices: z.strictObject({
      finalPrice: money.describe("Per piece, or per running metre when lengthMm is set"),
      row: money.describe("The line's total"),
      membershipApplied: z.boolean().describe("The member card's price"),
      groupApplied: z.boolean().describe("The customer group's price (decision 0107)"),
      lengthMm: z.number().int().nullable().describe("The line's length of a product sold per running metre"),
    }),
  }),
);

const cartSummary = shapeOf<CartSummary>()(
  z.strictObject({
    itemsTotal: money.describe("The lines"),
    cartTotal: money.describe("The lines after the coupon"),
    coupon: money.describe("The coupon's discount"),
    delivery: money,
    loyalty: money.describe("The loyalty discount"),
    orderTotal: money.describe("What the order costs"),
    tax: money.describe("The VAT orderTotal includes"),
  }),
);

export const cartViewSchema = shapeOf<CartView>()(
  z.strictObject({
    items: z.array(cartLine),
    qty: z.number().int().describe("Pieces in the cart"),
    digitalOnly: z.boolean().describe("Only e-products: nothing to deliver"),
    couponCode: z.string().nullable(),
    memberCardBarcode: z.string().nullable(),
    instructions: z.string().describe("The buyer's note for the order"),
    prices: z.strictObject({ converted: cartSummary }),
    freeDelivery: z
      .strictObject({ limit: money.nullable(), reached: z.boolean(), left: money })
      .describe("The free-delivery limit (null: none), whether the items total after the coupon reaches it, and what is left"),
    crossSells: z.array(productCardSchema).describe("Products to offer beside the cart"),
  }),
);

/** data.coupon of the coupon-affecting calls: the coupon the cart now has, and whether a change took it off. */
export const couponStateSchema = z.object({
  code: z.string().nullable().describe("The cart's coupon after the call"),
  removed: z.boolean().describe("This change took off a coupon that no longer applies to the cart (its minimum, its products)"),
});

export const cartAnswerSchema = z.object({
  cartId: cartSessionSchema.shape.cartId,
  protectCode: z.string(),
  cart: cartViewSchema,
  coupon: couponStateSchema,
});

export const currencyIdSchema = z
  .number()
  .int()
  .positive()
  .max(999_999_999)
  .optional()
  .describe("The site has one currency; any other is refused");

/** Spec §5 quantity: a whole number 1 to 999 (the cart form's bounds, QUANTITY); a JSON number, so its own type rule. */
export const qtySchema = z
  .number({ error: "Invalid quantity" })
  .int("Invalid quantity")
  .min(QUANTITY.min, "Invalid quantity")
  .max(QUANTITY.max, "Invalid quantity");

const id = z.number().int().positive().max(999_999_999);

/** The line of addItem / updateItem: the variant of a configurable product, a bundle's chosen variants, the personalisations. */
export const lineOptionsSchema = z
  .object({
    variantId: id.optional().describe("A configurable product's variant (product/web/get configuration.associatedProducts[].id)"),
    bundleOptions: z
      .record(z.string().max(20), id)
      .optional()
      .describe("A bundle's configurable parts: part's product id → the chosen variant's id (product/web/get bundle.parts)"),
    personalizations: z
      .record(z.string().max(200), z.union([z.string().max(2000), z.number()]))
      .optional()
      .describe(
        "Custom option code → value (product/web/get customOptions): text, or a number option's whole number as a JSON number or a numeric string",
      ),
  })
  .optional();

/**
 * An address as the checkout's address form takes it: the form's own fields and limits
 * (account.schema.ts addressSchema, spec §9 "address limits 75/75/75, 15, 25"), each
 * optional here because the checkout's address step names a missing one in its own words.
 */
export const addressBodySchema = addressSchema.partial();

export const methodSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export const deliveryMethodSchema = methodSchema.extend({
  priceCents: money,
  options: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string(), kind: z.enum(["pickup", "locker"]) })),
});

export const orderAnswerSchema = z.object({
  order: z.object({
    id: z.number().int(),
    slug: z.string(),
    orderTotalCents: money,
    currencyLabel: z.string(),
    paymentStatus: z.string(),
    paymentGateway: z.string(),
  }),
  /** What follows: nothing (bank transfer, cash on delivery, paid) or the card provider's page. */
  payment: z.object({ kind: z.enum(["done", "redirect"]), url: z.string().optional() }),
  /** What the buyer does to pay it, as the order's detail (user/orders/{slug}) shows it. */
  paymentInstructions: paymentInstructionsSchema,
  /** A guest's own link to the order (null for a signed-in customer: user/orders/{slug}). */
  guestLink: guestLinkSchema.nullable(),
});
