import { z } from "zod/v4";
import { addressSchema, checkbox, isOn, openSections } from "~/modules/account/account.schema";
import { id, optionalText } from "~/lib/schema-fields";

/**
 * The offer page's post (routes/checkout/order-offer.tsx): the way of paying, the link's token for
 * a customer who is not signed in, and the addresses the order is delivered and invoiced
 * to, with checkout's address rules (addressSchema; the allowed countries on the server).
 * The billing address is the delivery one while 'same as delivery' is ticked (the
 * default); unticked, its own section is checked, each required field named.
 */
const acceptOfferFields = z.object({
  methodId: id("checkout.paymentMethodUndefined"),
  token: optionalText({ max: 64 }),
  delivery: addressSchema.optional(),
  sameBilling: checkbox,
  billing: addressSchema.optional(),
});
export type AcceptOfferInput = z.input<typeof acceptOfferFields>;
export type AcceptOfferValue = z.output<typeof acceptOfferFields>;

export const acceptOfferSchema = z.preprocess((form) => {
  const posted = (form ?? {}) as Record<string, unknown>;
  return openSections(form, { delivery: true, billing: !isOn(posted.sameBilling) });
}, acceptOfferFields);
