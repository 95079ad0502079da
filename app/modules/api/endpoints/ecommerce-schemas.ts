import { z } from "zod/v4";
import { addressSchema } from "~/modules/account/account.schema";
import { QUANTITY } from "~/modules/catalog/product-view";
import { guestLinkSchema, paymentInstructionsSchema } from "./order-schemas";
import { cartSessionSchema } from "./shared-schemas";

/**
 * The shapes of the ecommerce calls (spec §7 Ecommerce, §4 Cart). The cart answer is the
 * cart view the HTML cart page renders (modules/cart/cart-view.ts), money in cents, with
 * the cart session and data.coupon beside it.
 */
const money = z.number().int().describe("Cents");

const mediaRef = z.looseObject({
  driveId: z.string(),
  title: z.string(),
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

const cartLine = z.object({
  itemId: z.string(),
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  qty: z.number().int(),
  productData: z.object({
    name: z.string(),
    sku: z.string(),
    media: mediaRef.nullable(),
    slug: z.string(),
    mainProductSlug: z.string(),
    isVisibleIndividually: z.boolean(),
  }),
  href: z.string(),
  editHref: z.string(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  prices: z.object({
    finalPrice: money,
    row: money,
    membershipApplied: z.boolean(),
    groupApplied: z.boolean(),
    lengthMm: z.number().int().nullable(),
  }),
});

export const cartViewSchema = z.object({
  items: z.array(cartLine),
  qty: z.number().int(),
  digitalOnly: z.boolean(),
  couponCode: z.string().nullable(),
  memberCardBarcode: z.string().nullable(),
  instructions: z.string(),
  prices: z.object({
    converted: z.object({
      itemsTotal: money,
      cartTotal: money,
      coupon: money,
      delivery: money,
      loyalty: money,
      orderTotal: money,
      tax: money,
    }),
  }),
  freeDelivery: z.object({ limit: money.nullable(), reached: z.boolean(), left: money }),
  /** Product cards as the catalogue lists them. */
  crossSells: z.array(z.looseObject({ id: z.number().int(), slug: z.string(), name: z.string(), sku: z.string() })),
});

/** data.coupon of the coupon-affecting calls: the coupon the cart now has, and whether a change took it off. */
export const couponStateSchema = z.object({ code: z.string().nullable(), removed: z.boolean() });

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
    variantId: id.optional(),
    bundleOptions: z.record(z.string().max(20), id).optional(),
    personalizations: z.record(z.string().max(200), z.union([z.string().max(2000), z.number(), z.boolean()])).optional(),
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
