import { z } from "zod";
import { CAPTCHA_FIELD } from "~/lib/captcha";
import { messageKey } from "~/lib/validation-message";
import { acceptedConsentsSchema } from "~/modules/consent/consent.schema";
import { ENQUIRY_LIMITS } from "./enquiry-fields";

/**
 * The price enquiry's rules ('Upit o cijeni', spec §2): the actions parse the post with
 * them (`readSubmission`) and the loaders send their HTML constraints (`formConstraint`).
 * Spec §5: "Price enquiry: firstName, from (valid e-mail) and content required; all four
 * input labels show as required." The fields are the contact form's (spec §3 Contact
 * form: firstName, lastName, from, contactNumber, content, acceptedConsents).
 */
const required = "core.validation.required";
const tooLong = (length: number) => messageKey("core.validation.maxLength", { length });
// Digits with the usual separators and an optional leading +: "+385 1 6222 333", "(01) 622-2333".
const PHONE = /^\+?[\d\s()/.-]{6,}$/;

const text = (max: number) => z.string({ invalid_type_error: required }).trim().max(max, tooLong(max));
const requiredText = (max: number) => z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, tooLong(max));

export const enquirySchema = z.object({
  firstName: requiredText(ENQUIRY_LIMITS.name),
  lastName: text(ENQUIRY_LIMITS.name).default(""),
  from: requiredText(ENQUIRY_LIMITS.from)
    .email("core.validation.email")
    .transform((email) => email.toLowerCase()),
  contactNumber: text(ENQUIRY_LIMITS.contactNumber)
    .default("")
    .refine((value) => value === "" || PHONE.test(value), "enquiry.validation.contactNumber"),
  content: requiredText(ENQUIRY_LIMITS.content),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** The posted form: the enquiry, the ticked consents, the captcha's token and the fetcher's mark. */
export const enquiryFormSchema = enquirySchema.extend({
  acceptedConsents: acceptedConsentsSchema,
  [CAPTCHA_FIELD]: z.string().optional(),
  via: z.string().optional(),
});
export type EnquiryInput = z.input<typeof enquiryFormSchema>;
