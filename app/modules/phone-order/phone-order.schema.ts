import { z } from "zod/v4";
import { PHONE_MAX } from "~/modules/account/account-fields";
import { accountFieldRules, addressSchema, checkbox, isOn, openSections } from "~/modules/account/account.schema";
import { INSTRUCTIONS_MAX_LENGTH, COUPON_CODE_MAX } from "~/modules/cart/cart-form";
import { cartQuantity } from "~/modules/cart/cart.schema";
import { shippingStepSchema } from "~/modules/checkout/checkout.schema";
import { id, integer, optionalText, text } from "~/lib/schema-fields";

/**
 * The phone order's forms (decision 0109): choosing the customer on /admin/orders/new, then
 * one action on /admin/orders/new/:cartId told apart by `intent`. The address and the
 * delivery method are checkout's own fields (addressSchema, shippingStepSchema), so the
 * cart is checked as a shopper's is.
 */
export const SKU_MAX = 64;
/** The longest piece cut to length: 100 m, far beyond any profile the shop sells. */
export const LENGTH_MM_MAX = 100_000;

/** The customer search (a GET form: the query in the URL). */
export const customerSearchSchema = z.object({ q: optionalText({ max: 100 }) });

export const startCustomerSchema = z.object({ intent: z.literal("customer"), customerId: id("adminOrders.phone.customerMissing") });
/** A customer without an account: the order's e-mail becomes a guest, as a guest checkout's does. */
export const startNewCustomerSchema = z.object({
  intent: z.literal("newCustomer"),
  firstName: accountFieldRules.name,
  lastName: accountFieldRules.name,
  email: accountFieldRules.email,
  phone: text({ max: PHONE_MAX, required: true }),
});
export const startSchema = z.discriminatedUnion("intent", [startCustomerSchema, startNewCustomerSchema]);

const itemId = text({ max: 100, required: true });

export const addLineSchema = z.object({
  intent: z.literal("add"),
  sku: text({ max: SKU_MAX, required: true }),
  quantity: cartQuantity,
  /** Asked for a product sold per running metre only (the service says when it is missing). */
  lengthMm: integer({ min: 1, max: LENGTH_MM_MAX }).optional(),
});
export const quantitySchema = z.object({ intent: z.literal("quantity"), itemId, quantity: cartQuantity });
export const removeSchema = z.object({ intent: z.literal("remove"), itemId });
export const couponSchema = z.object({ intent: z.literal("coupon"), couponCode: text({ max: COUPON_CODE_MAX, required: true }) });
const removeCouponSchema = z.object({ intent: z.literal("removeCoupon") });

const addressFields = z.object({
  intent: z.literal("address"),
  delivery: addressSchema.optional(),
  sameBilling: checkbox,
  billing: addressSchema.optional(),
});
/** The delivery address always; the billing one only while 'same as delivery' is not ticked. */
function openAddresses(form: unknown) {
  const posted = (form ?? {}) as Record<string, unknown>;
  if (posted.intent !== "address") return form;
  return openSections(form, { delivery: true, billing: !isOn(posted.sameBilling) });
}
export const addressSchemaOfPhoneOrder = z.preprocess(openAddresses, addressFields);
export { shippingStepSchema as shippingSchema };

export const placeSchema = z.object({
  intent: z.literal("place"),
  methodId: id("checkout.paymentMethodUndefined"),
  note: text({ max: INSTRUCTIONS_MAX_LENGTH, multiline: true }),
});
const discardSchema = z.object({ intent: z.literal("discard") });

export const phoneOrderSchema = z.preprocess(
  openAddresses,
  z.discriminatedUnion("intent", [
    addLineSchema,
    quantitySchema,
    removeSchema,
    couponSchema,
    removeCouponSchema,
    addressFields,
    shippingStepSchema,
    placeSchema,
    discardSchema,
  ]),
);
export type PhoneOrderPost = z.output<typeof phoneOrderSchema>;
export type AddressPost = z.output<typeof addressFields>;
export type AddressPostInput = z.input<typeof addressFields>;
