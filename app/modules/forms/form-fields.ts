import type { SubmissionResult } from "@conform-to/react";
import type { FormConstraint } from "~/lib/forms/use-shop-form";
import type { FormConsent } from "~/modules/consent/consent-fields";

/**
 * Shapes of the contact form and the forms defined in the database, without zod (the
 * form component imports this file; the browser bundle stays free of zod).
 */
export const CONTACT_FORM_SLUG = "contact";

/** The consents of every form: spec §3 Form kinds has contactForm and no kind per form. */
export const FORMS_CONSENT_KIND = "contactForm" as const;

/** Marks a post sent by the hydrated form's fetcher: it wants data back, not a redirect. */
export const VIA_FETCHER = "fetcher";

export type FieldType = "text" | "email" | "tel" | "textarea" | "select" | "checkbox" | "file";

/** One input as the page shows it: the label already in the visitor's language (its limits are in the form's constraints). */
export type FieldView = {
  name: string;
  type: FieldType;
  label: string;
  required: boolean;
  options?: { value: string; label: string }[];
  autoComplete?: string;
  /** A file field: how many files it takes (at most 10, spec §5 public uploads). */
  maxFiles?: number;
};

/** What a page needs to render a form (forms.server.ts formView). */
export type FormView = {
  slug: string;
  title: string;
  /** The form route in the page's language: the fetcher and the plain form post there. */
  action: string;
  fields: FieldView[];
  /** A form with a file field posts as multipart/form-data. */
  hasFiles: boolean;
  /** Null when they could not be loaded: the form says error.consentsNotFetched. */
  consents: FormConsent[] | null;
  /** The HTML constraints of the form's schema (`formConstraint(formDataSchema(fields))`). */
  constraint: FormConstraint;
};

/** What the action answers: success, or the refused submission (`submission.reply()`: messages and what was typed). */
export type FormAnswer = { ok: true; key: string } | SubmissionResult<string[]>;
