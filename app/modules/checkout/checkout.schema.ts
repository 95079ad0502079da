import { z } from "zod/v4";
import { DIFFERENT_BILLING } from "~/modules/account/account-fields";
import { addressSchema, checkbox, forgotPasswordSchema, isOn, openSections } from "~/modules/account/account.schema";
import { acceptedConsentsSchema } from "~/modules/consent/consent.schema";
import { FIELD_NAME_MAX, id, optionalText, text } from "~/lib/schema-fields";
import { NEW_ADDRESS, SAVED_ADDRESS_FIELD } from "./checkout-fields";

/**
 * The checkout page's forms (spec §3 Checkout: guest e-mail, address, Shipping form
 * methodId/branchId, Payment form methodId/acceptedConsents), one action told apart by
 * `intent`. The loader sends each form's own schema as constraints; the action parses
 * with `checkoutSchema`.
 */

/** A posted id: digits only, else null (an unknown or forged id is refused by the step). */
const postedId = text({ max: 20 }).transform((value) => (/^\d{1,9}$/.test(value) ? Number(value) : null));

/** Guest checkout (spec §6): the e-mail that becomes the guest user. */
export const guestStepSchema = forgotPasswordSchema.extend({ intent: z.literal("guest") });
export type GuestStepInput = z.input<typeof guestStepSchema>;

const addressStepFields = z.object({
  intent: z.literal("address"),
  /** A saved address's id, or "new" for the typed delivery address. */
  [SAVED_ADDRESS_FIELD]: optionalText({ max: 20 }).default(NEW_ADDRESS),
  delivery: addressSchema.optional(),
  [DIFFERENT_BILLING]: checkbox,
  billing: addressSchema.optional(),
});
export type AddressStepInput = z.input<typeof addressStepFields>;

/** The typed delivery address counts when no saved one is chosen; the billing one when 'different billing address' is ticked. */
function openAddressSections(form: unknown) {
  const posted = (form ?? {}) as Record<string, unknown>;
  if (posted.intent !== "address") return form;
  const saved = posted[SAVED_ADDRESS_FIELD];
  return openSections(form, { delivery: saved === undefined || saved === NEW_ADDRESS, billing: isOn(posted[DIFFERENT_BILLING]) });
}
export const addressStepSchema = z.preprocess(openAddressSections, addressStepFields);

/** Spec §3 Shipping form (methodId, branchId per method: "branchId.{methodId}"); §8 shippingMethodUndefined. */
const shippingStepFields = z.object({
  intent: z.literal("shipping"),
  methodId: id("checkout.shippingMethodUndefined"),
  branchId: z.record(z.string().max(FIELD_NAME_MAX), postedId).optional().default({}),
});
export const shippingStepSchema = shippingStepFields;
export type ShippingStepInput = z.input<typeof shippingStepFields>;

/** Spec §3 Payment form (methodId, acceptedConsents); §8 paymentMethodUndefined. */
const paymentStepFields = z.object({
  intent: z.literal("payment"),
  methodId: id("checkout.paymentMethodUndefined"),
  acceptedConsents: acceptedConsentsSchema,
});
export const paymentStepSchema = paymentStepFields;
export type PaymentStepInput = z.input<typeof paymentStepFields>;

/** What the checkout action parses: one of the four forms by its intent. */
export const checkoutSchema = z.preprocess(
  openAddressSections,
  z.discriminatedUnion("intent", [guestStepSchema, addressStepFields, shippingStepFields, paymentStepFields]),
);
export type CheckoutInput = z.output<typeof checkoutSchema>;
export type AddressStepValue = z.output<typeof addressStepFields>;
export type ShippingStepValue = z.output<typeof shippingStepFields>;
