/**
 * What a form needs to show consents, without the zod rules of consent.schema.ts: the
 * components import this file, so the browser bundle of every page stays free of zod.
 */

/** The posted field of every form with consents (spec §3: acceptedConsents), one value per ticked box. */
export const ACCEPTED_CONSENTS_FIELD = "acceptedConsents";

/** A consent as a form shows it, in the visitor's language. */
export type FormConsent = {
  id: number;
  uniqueNumber: number;
  displayName: string;
  /** Localised path of the page with the full text (/{slug}, /en/{slug}), if any. */
  link: string | null;
  required: boolean;
};

/** Spec §9: the admin's consent log shows the latest 100 rows. */
export const CONSENT_LOG_LIMIT = 100;
