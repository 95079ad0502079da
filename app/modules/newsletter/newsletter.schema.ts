import { z } from "zod/v4";
import { optionalText, text } from "~/lib/schema-fields";
import { acceptedConsentsSchema } from "~/modules/consent/consent.schema";
import { NEWSLETTER_EMAIL_MAX } from "./newsletter-fields";
export { NEWSLETTER_EMAIL_MAX, VIA_FETCHER, type NewsletterAnswer, type NewsletterField } from "./newsletter-fields";

/**
 * The newsletter form's rules: an e-mail field (spec §5 "Newsletter e-mail is an e-mail
 * field") that is required, and the newsletter's consents. The action parses the post with
 * them; the home page's loader sends their HTML constraints (type=email, required,
 * maxlength) so a browser without JS checks too.
 */
export const newsletterEmailSchema = text({ max: NEWSLETTER_EMAIL_MAX, required: true, email: true, maxMessage: "core.validation.email" });

export const newsletterSchema = z.object({
  email: newsletterEmailSchema,
  acceptedConsents: acceptedConsentsSchema,
  redirectTo: optionalText({ max: 2000 }),
  via: optionalText({ max: 20 }),
});
export type NewsletterInput = z.input<typeof newsletterSchema>;
