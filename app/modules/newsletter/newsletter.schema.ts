import { z } from "zod";
import { NEWSLETTER_EMAIL_MAX } from "./newsletter-fields";
export { NEWSLETTER_EMAIL_MAX, VIA_FETCHER, type NewsletterAnswer, type NewsletterField } from "./newsletter-fields";

/**
 * The newsletter form's rules, shared by the service and the form: an e-mail field (spec
 * §5 "Newsletter e-mail is an e-mail field") that is required. The form mirrors them as
 * HTML constraints (type=email, required, maxlength) so a browser without JS checks too.
 */
export const newsletterEmailSchema = z
  .string({ required_error: "core.validation.required", invalid_type_error: "core.validation.required" })
  .trim()
  .min(1, "core.validation.required")
  .max(NEWSLETTER_EMAIL_MAX, "core.validation.email")
  .email("core.validation.email")
  .transform((email) => email.toLowerCase());

import type { NewsletterField } from "./newsletter-fields";

export function fieldOfMessage(key: string): NewsletterField {
  if (key.startsWith("core.validation.")) return "email";
  if (key === "core.notifications.consentRequired") return "consents";
  return "form";
}
