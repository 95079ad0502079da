import { z } from "zod";
import { id, optionalText } from "~/lib/schema-fields";

/** The offer page's post (routes/order-offer.tsx): the way of paying, and the link's token for a customer who is not signed in. */
export const acceptOfferSchema = z.object({
  methodId: id("checkout.paymentMethodUndefined"),
  token: optionalText({ max: 64 }),
});
