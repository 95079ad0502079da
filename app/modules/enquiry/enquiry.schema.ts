import { z } from "zod";
import { messageKey } from "~/lib/validation-message";
import { ENQUIRY_FIELDS, ENQUIRY_LIMITS, type EnquiryErrors, type EnquiryField } from "./enquiry-fields";

/**
 * The price enquiry's rules ('Upit o cijeni', spec §2), for the service and the unit tests.
 * Spec §5: "Price enquiry: firstName, from (valid e-mail) and content required; all four
 * input labels show as required." The fields are the contact form's (spec §3 Contact
 * form: firstName, lastName, from, contactNumber, content, acceptedConsents). The form
 * mirrors the rules as HTML constraints so that a browser without JS checks them too.
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

export type EnquiryParse = { ok: true; enquiry: Enquiry } | { ok: false; errors: EnquiryErrors };

/** The posted fields to an enquiry, or the first message of every field that is wrong. */
export function parseEnquiry(form: FormData | Record<string, unknown>): EnquiryParse {
  const read = (name: EnquiryField) => (form instanceof FormData ? (form.get(name) ?? undefined) : form[name]);
  const parsed = enquirySchema.safeParse(Object.fromEntries(ENQUIRY_FIELDS.map((name) => [name, read(name)])));
  if (parsed.success) return { ok: true, enquiry: parsed.data };
  const errors: EnquiryErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as EnquiryField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
