import type { FormKind } from "../../schema";

/** Sensible built-in consents; displayName per language, hr is the fallback. */
export const CONSENTS = [
  {
    uniqueNumber: 1,
    displayName: {
      hr: "Pročitao/la sam i prihvaćam politiku privatnosti",
      en: "I have read and accept the privacy policy",
      de: "Ich habe die Datenschutzerklärung gelesen und akzeptiere sie",
    },
    pageSlug: "politika-privatnosti",
  },
  {
    uniqueNumber: 2,
    displayName: {
      hr: "Prihvaćam opće uvjete poslovanja",
      en: "I accept the terms and conditions",
      de: "Ich akzeptiere die Allgemeinen Geschäftsbedingungen",
    },
    pageSlug: "uvjeti-koristenja",
  },
  {
    uniqueNumber: 3,
    displayName: {
      hr: "Želim primati obavijesti o novostima i akcijama",
      en: "I want to receive news and offers",
      de: "Ich möchte Neuigkeiten und Angebote erhalten",
    },
    pageSlug: null,
  },
];

/** By uniqueNumber; turned into consent ids when seeded. */
export const CONSENT_ASSIGNMENTS: { assignedTo: FormKind; consents: number[]; requiredConsents: number[] }[] = [
  { assignedTo: "newsletter", consents: [1, 3], requiredConsents: [1, 3] },
  { assignedTo: "contactForm", consents: [1], requiredConsents: [1] },
  { assignedTo: "registerForm", consents: [1, 2, 3], requiredConsents: [1, 2] },
  { assignedTo: "checkoutForm", consents: [2], requiredConsents: [2] },
  { assignedTo: "addressForm", consents: [], requiredConsents: [] },
  { assignedTo: "productAvailabilityForm", consents: [1], requiredConsents: [1] },
];
