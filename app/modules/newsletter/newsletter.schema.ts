import { z } from "zod";
import { acceptedConsentsSchema } from "~/modules/consent/consent.schema";
import { NEWSLETTER_EMAIL_MAX } from "./newsletter-fields";
export { NEWSLETTER_EMAIL_MAX, VIA_FETCHER, type NewsletterAnswer, type NewsletterField } from "./newsletter-fields";

/**
 * The newsletter form's rules: an e-mail field (spec §5 "Newsletter e-mail is an e-mail
 * field") that is required, and the newsletter's consents. The action parses the post with
 * them; the home page's loader sends their HTML constraints (type=email, required,
 * maxlength) so a browser without JS checks too.
 */
export const newsletterEmailSchema = z
  .string({ required_error: "core.validation.required", invalid_type_error: "core.validation.required" })
  .trim()
  .min(1, "core.validation.required")
  .max(NEWSLETTER_EMAIL_MAX, "core.validation.email")
  .email("core.validation.email")
  .transform((email) => email.toLowerCase());

export const newsletterSchema = z.object({
  email: newsletterEmailSchema,
  acceptedConsents: acceptedConsentsSchema,
  redirectTo: z.string().optional(),
  via: z.string().optional(),
});
export type NewsletterInput = z.input<typeof newsletterSchema>;
