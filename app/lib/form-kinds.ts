/**
 * Form kinds that consents are assigned to (spec §3). Isomorphic on purpose: the database
 * schema, the services and the browser bundle (admin links, labels) share this one list.
 */
export const FORM_KINDS = ["newsletter", "contactForm", "registerForm", "checkoutForm", "addressForm", "productAvailabilityForm"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export function isFormKind(value: unknown): value is FormKind {
  return typeof value === "string" && (FORM_KINDS as readonly string[]).includes(value);
}
