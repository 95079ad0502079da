import { z } from "zod";

/**
 * The newsletter form's rules, shared by the service and the form: an e-mail field (spec
 * §5 "Newsletter e-mail is an e-mail field") that is required. The form mirrors them as
 * HTML constraints (type=email, required, maxlength) so a browser without JS checks too.
 */
export const NEWSLETTER_EMAIL_MAX = 254; // the longest address SMTP allows

export const newsletterEmailSchema = z
  .string({ required_error: "core.validation.required", invalid_type_error: "core.validation.required" })
  .trim()
  .min(1, "core.validation.required")
  .max(NEWSLETTER_EMAIL_MAX, "core.validation.email")
  .email("core.validation.email")
  .transform((email) => email.toLowerCase());

/** Marks a post sent by the hydrated form's fetcher: it wants data back, not a redirect. */
export const VIA_FETCHER = "fetcher";

/** Which part of the form a refusal belongs to. */
export type NewsletterField = "email" | "consents" | "form";

/** What the action answers the fetcher (keys are locale keys). */
export type NewsletterAnswer = { ok: true; key: string } | { ok: false; key: string; field: NewsletterField };

export function fieldOfMessage(key: string): NewsletterField {
  if (key.startsWith("core.validation.")) return "email";
  if (key === "core.notifications.consentRequired") return "consents";
  return "form";
}
