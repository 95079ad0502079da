/**
 * The newsletter form's constants and answer shape without the zod rules of
 * newsletter.schema.ts: the form imports this file, so the browser bundle stays free of zod.
 */
export const NEWSLETTER_EMAIL_MAX = 254; // the longest address SMTP allows

/** Marks a post sent by the hydrated form's fetcher: it wants data back, not a redirect. */
export const VIA_FETCHER = "fetcher";

/** Which part of the form a refusal belongs to. */
export type NewsletterField = "email" | "consents" | "form";

/** What the action answers the fetcher (keys are locale keys). */
export type NewsletterAnswer = { ok: true; key: string } | { ok: false; key: string; field: NewsletterField };
