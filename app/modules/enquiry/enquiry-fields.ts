import type { SubmissionResult } from "@conform-to/react";
import type { CaptchaConfig } from "~/lib/captcha";
import type { FormConstraint } from "~/lib/forms/use-shop-form";
import type { FormConsent } from "~/modules/consent/consent-fields";

/**
 * The price enquiry's limits, constants and answer shape, without the zod rules of
 * enquiry.schema.ts: the form and the dialog import this file, so the browser bundle of
 * the product page stays free of zod.
 */

/** Spec §2, §9: the modal is 800 px wide and closes 1500 ms after a successful submit. */
export const ENQUIRY_DIALOG_WIDTH = 800;
export const ENQUIRY_CLOSE_MS = 1500;

export const ENQUIRY_LIMITS = { name: 100, from: 254, contactNumber: 30, content: 5000 } as const;

/** The consents of the enquiry are the contact form's (spec §3 Form kinds has no enquiry kind of its own). */
export const ENQUIRY_FORM_KIND = "contactForm" as const;

/** Marks a post sent by the dialog's fetcher: it wants data back, not a redirect. */
export const VIA_FETCHER = "fetcher";

/**
 * What the action answers the dialog's fetcher: success, or the refused submission
 * (`submission.reply()`: field messages, and what was typed for the page without JS).
 */
export type EnquiryAnswer = { ok: true; key: string } | SubmissionResult<string[]>;

/** What the form needs from the server (see enquiry-data.server.ts): where it posts, consents, captcha, HTML constraints. */
export type EnquiryFormData = { action: string; consents: FormConsent[] | null; captcha: CaptchaConfig | null; constraint: FormConstraint };
