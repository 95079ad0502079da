import { z } from "zod/v4";
import { ACCEPTED_CONSENTS_FIELD } from "./consent-fields";
export { ACCEPTED_CONSENTS_FIELD, type FormConsent } from "./consent-fields";

/**
 * The isomorphic half of consents: limits, the posted-field parsers and the pure rule of
 * spec §5, shared by the service, the admin actions, the components and the unit tests.
 */
export { FORM_KINDS, isFormKind, type FormKind } from "~/lib/form-kinds";

/** Spec §9: consent list limit 100, consent assignment page size 50. */
export const CONSENT_LIST_LIMIT = 100;
export const CONSENT_PAGE_SIZE = 50;
export { CONSENT_LOG_LIMIT } from "./consent-fields";

/** Who gave a consent, as the consent log records it (spec §3 Consent log user.userType). */
export const USER_TYPES = ["registered", "guest", "anonymous"] as const;
export type ConsentUserType = (typeof USER_TYPES)[number];

// PostgreSQL `integer`: a larger id cannot exist, so it is junk like any other.
export const MAX_ID = 2_147_483_647;

/**
 * Posted ids to unique positive integers, in first-seen order. Anything else (empty,
 * "abc", "1.5", "-2", "1e3", a File) is dropped: a forged value can never name a consent.
 */
export function parseConsentIds(values: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    if (!/^\d{1,10}$/.test(text)) continue;
    const id = Number(text);
    if (id >= 1 && id <= MAX_ID) ids.add(id);
  }
  return [...ids];
}

/** The repeated id field `name` of a posted form (acceptedConsents by default). */
export function readConsentIds(form: FormData, name = ACCEPTED_CONSENTS_FIELD): number[] {
  return parseConsentIds(form.getAll(name));
}

/** The ids the visitor ticked: the helper every form action with consents calls. */
export function readAcceptedConsents(form: FormData): number[] {
  return readConsentIds(form, ACCEPTED_CONSENTS_FIELD);
}

/** The same as a zod field, for conform schemas that include acceptedConsents. */
export const acceptedConsentsSchema = z.preprocess(
  (value) => parseConsentIds(value === undefined ? [] : Array.isArray(value) ? value : [value]),
  // A form shows at most the consent list's limit (spec §9); readSubmission bounds the posted list by it.
  z.array(z.number().int().positive().max(MAX_ID)).max(CONSENT_LIST_LIMIT),
);

export type ConsentCheck = { ok: true; accepted: number[] } | { ok: false; accepted: number[]; missing: number[] };

/**
 * Spec §5 as a pure function: every required consent must be ticked. Ids that are not on
 * the form are dropped, so they are never logged; no consents, or none required, passes.
 * `accepted` keeps the form's order so that logs read the same way every time.
 */
export function checkConsents(formConsents: readonly { id: number; required: boolean }[], acceptedIds: readonly number[]): ConsentCheck {
  const ticked = new Set(acceptedIds);
  const accepted = formConsents.filter((c) => ticked.has(c.id)).map((c) => c.id);
  const missing = formConsents.filter((c) => c.required && !ticked.has(c.id)).map((c) => c.id);
  return missing.length ? { ok: false, accepted, missing } : { ok: true, accepted };
}

/** A form's assignment as the admin posts it; a required consent is always assigned too. */
export function normalizeAssignment(input: { consents: readonly number[]; requiredConsents: readonly number[] }) {
  const requiredConsents = [...new Set(input.requiredConsents)].sort((a, b) => a - b);
  const consents = [...new Set([...input.consents, ...requiredConsents])].sort((a, b) => a - b);
  return { consents, requiredConsents };
}
