import { z } from "zod";
import type { CaptchaConfig } from "~/lib/captcha";
import { messageKey } from "~/lib/validation-message";
import type { FormConsent } from "~/modules/consent/consent.schema";

/**
 * The price enquiry's rules ('Upit o cijeni', spec §2), shared by the service and the form.
 * Spec §5: "Price enquiry: firstName, from (valid e-mail) and content required; all four
 * input labels show as required." The fields are the contact form's (spec §3 Contact
 * form: firstName, lastName, from, contactNumber, content, acceptedConsents). The form
 * mirrors the rules as HTML constraints so that a browser without JS checks them too.
 */
export const ENQUIRY_FIELDS = ["firstName", "lastName", "from", "contactNumber", "content"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

/** Spec §2, §9: the modal is 800 px wide and closes 1500 ms after a successful submit. */
export const ENQUIRY_DIALOG_WIDTH = 800;
export const ENQUIRY_CLOSE_MS = 1500;

export const ENQUIRY_LIMITS = { name: 100, from: 254, contactNumber: 30, content: 5000 } as const;

/** The consents of the enquiry are the contact form's (spec §3 Form kinds has no enquiry kind of its own). */
export const ENQUIRY_FORM_KIND = "contactForm" as const;

/** Marks a post sent by the dialog's fetcher: it wants data back, not a redirect. */
export const VIA_FETCHER = "fetcher";

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

/** Message keys by field; "consents" and "form" for refusals that belong to no input. */
export type EnquiryErrors = Partial<Record<EnquiryField | "consents" | "form", string>>;

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

/** What the action answers: success, or the messages with what was typed (re-shown without JS). */
export type EnquiryAnswer =
  | { ok: true; key: string }
  | { ok: false; errors: EnquiryErrors; values: Partial<Record<EnquiryField, string>>; accepted: number[] };

/** What the form needs from the server (see enquiry-data.server.ts). */
export type EnquiryFormData = { action: string; consents: FormConsent[] | null; captcha: CaptchaConfig | null };
