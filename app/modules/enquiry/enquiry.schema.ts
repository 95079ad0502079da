import { z } from "zod/v4";
import { CAPTCHA_FIELD } from "~/lib/captcha";
import { optionalText, text } from "~/lib/schema-fields";
import { acceptedConsentsSchema } from "~/modules/consent/consent.schema";
import { ENQUIRY_LIMITS } from "./enquiry-fields";

/**
 * The price enquiry's rules ('Upit o cijeni', spec §2): the actions parse the post with
 * them (`readSubmission`) and the loaders send their HTML constraints (`formConstraint`).
 * Spec §5: "Price enquiry: firstName, from (valid e-mail) and content required; all four
 * input labels show as required." The fields are the contact form's (spec §3 Contact
 * form: firstName, lastName, from, contactNumber, content, acceptedConsents).
 */
// Digits with the usual separators and an optional leading +: "+385 1 6222 333", "(01) 622-2333".
const PHONE = /^\+?[\d\s()/.-]{6,}$/;

export const enquirySchema = z.object({
  firstName: text({ max: ENQUIRY_LIMITS.name, required: true }),
  lastName: text({ max: ENQUIRY_LIMITS.name }),
  from: text({ max: ENQUIRY_LIMITS.from, required: true, email: true }),
  contactNumber: text({ max: ENQUIRY_LIMITS.contactNumber }).refine(
    (value) => value === "" || PHONE.test(value),
    "enquiry.validation.contactNumber",
  ),
  content: text({ max: ENQUIRY_LIMITS.content, required: true, multiline: true }),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** The posted form: the enquiry, the ticked consents, the captcha's token and the fetcher's mark. */
export const enquiryFormSchema = enquirySchema.extend({
  acceptedConsents: acceptedConsentsSchema,
  [CAPTCHA_FIELD]: optionalText({ max: 5000 }),
  via: optionalText({ max: 20 }),
});
export type EnquiryInput = z.input<typeof enquiryFormSchema>;
