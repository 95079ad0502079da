import { z } from "zod/v4";
import { FIELD_NAME_MAX, optionalText, text } from "~/lib/schema-fields";
import { QUANTITY } from "~/modules/catalog/product-view";
import { COUPON_CODE_MAX, INSTRUCTIONS_MAX_LENGTH, MEMBER_CARD_MAX, VIA_FETCHER } from "./cart-form";

/**
 * The cart route's posts (spec §4 Cart, §5): one schema per intent, chosen by the posted
 * `intent`. Messages are locale keys; the action shows a refusal as the cart's toast.
 */
const INVALID_QUANTITY = "error.invalidQuantity";

/**
 * Spec §5: "Quantity parses as a whole number; not a number or 0 or less gives
 * error.invalidQuantity"; §9 cart quantity 1 to 999. Its HTML constraints are the number's
 * (required, min 1, max 999).
 */
export const cartQuantity = z
  .string({ error: INVALID_QUANTITY })
  .max(20, INVALID_QUANTITY)
  .trim()
  .regex(/^\d{1,4}$/, INVALID_QUANTITY)
  .transform(Number)
  .pipe(z.number().min(QUANTITY.min, INVALID_QUANTITY).max(QUANTITY.max, INVALID_QUANTITY));

/**
 * A posted row id (product, variant, bundle part's variant): a positive whole number, null
 * when it is not one (the service says what is missing), undefined when not posted.
 */
const postedId = optionalText({ max: 20 }).transform((text) =>
  text === undefined ? undefined : /^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null,
);

/** What every cart form may carry besides its own fields. */
const common = {
  /** Where "stay on the page" returns to. */
  redirectTo: optionalText({ max: 2000 }),
  /** A hydrated fetcher form: the answer is data instead of a redirect. */
  via: z.literal(VIA_FETCHER).optional().catch(undefined),
  /** Posted by a hydrated page: it can show the cart modal (cartAdditionBehaviour 2). */
  js: z.literal("1").optional().catch(undefined),
};

/** The product, its variant, bundle choices and personalisations (options.{code}, bundleOptions.{partId}). */
const line = {
  productId: postedId,
  variantId: postedId,
  bundleOptions: z.record(z.string().max(FIELD_NAME_MAX), postedId).optional(),
  /** Checked against the product's custom options by validateProductOptions. */
  options: z.record(z.string().max(FIELD_NAME_MAX), z.unknown()).optional(),
};

const itemId = text({ max: 100 });

const add = z.object({ intent: z.literal("add"), quantity: cartQuantity, ...line, ...common });
// From the product page's cart-item edit mode the form carries the product again.
const update = z.object({ intent: z.literal("update"), quantity: cartQuantity, itemId, ...line, ...common });
/** The forms of the cart page with a text field; their HTML constraints come from these (loader, `formConstraint`). */
export const couponSchema = z.object({
  intent: z.literal("coupon"),
  couponCode: text({ max: COUPON_CODE_MAX, required: true }),
  ...common,
});
// Empty clears the card (spec §4 Membership barcode).
export const memberCardSchema = z.object({
  intent: z.literal("memberCard"),
  memberCardBarcode: text({ max: MEMBER_CARD_MAX }),
  ...common,
});
export const instructionsSchema = z.object({
  intent: z.literal("instructions"),
  instructions: text({ max: INSTRUCTIONS_MAX_LENGTH, multiline: true }),
  ...common,
});

export const cartSchema = z.discriminatedUnion("intent", [
  add,
  update,
  z.object({ intent: z.literal("delete"), itemId, ...common }),
  z.object({ intent: z.literal("clear"), ...common }),
  couponSchema,
  z.object({ intent: z.literal("removeCoupon"), ...common }),
  memberCardSchema,
  instructionsSchema,
]);

export type CartPost = z.output<typeof cartSchema>;
export type CartLinePost = Pick<Extract<CartPost, { intent: "add" }>, "productId" | "variantId" | "bundleOptions" | "options">;

export type CouponInput = z.input<typeof couponSchema>;
export type MemberCardInput = z.input<typeof memberCardSchema>;
export type InstructionsInput = z.input<typeof instructionsSchema>;
/** The quantity of a cart line (cart and request-quote cart): required, 1 to 999. */
export const quantitySchema = z.object({ quantity: cartQuantity });
