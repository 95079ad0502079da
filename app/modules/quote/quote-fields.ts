import type { EnquiryFormData } from "~/modules/enquiry/enquiry-fields";

/**
 * The request-quote cart (spec §2 Cart: "A request-quote cart variant shows items with a
 * quantity stepper, a delete icon and a 'send inquiry' button opening a request modal").
 * Constants shared by its components and the server, without zod.
 */

/** Spec §4 Other, §9: the item list carries a pulse flag for 500 ms after a change. */
export const QUOTE_PULSE_MS = 500;

/** What the cart page and modal need in request-quote mode: the inquiry form's data. */
export type QuoteData = { inquiry: EnquiryFormData; inquiryPath: string };
