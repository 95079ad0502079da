import { z } from "zod/v4";
import { integer, text } from "~/lib/schema-fields";

/**
 * The forms of /admin/templates (decision 0053). The editor of one kind in one language
 * posts its subject and HTML body with an intent: save (with the version it showed),
 * preview and test (the typed text with sample values, nothing stored), reset (back to
 * the built-in text, with the version). The product template posts HTML per language and
 * the fingerprint of what it showed.
 */
const subject = text({ max: 300, required: true });
const bodyHtml = text({ max: 20_000, multiline: true, required: true });
const version = integer({ min: 0 });

/** The editor's two fields, for the browser's constraints (the posted form is templateEditorSchema). */
export const templateFieldsSchema = z.object({ subject, bodyHtml });

export const templateEditorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), version, subject, bodyHtml }),
  z.object({ intent: z.literal("preview"), subject, bodyHtml }),
  z.object({ intent: z.literal("test"), subject, bodyHtml }),
  z.object({ intent: z.literal("reset"), version }),
]);

const description = text({ max: 10_000, multiline: true });

export const productTemplateSchema = z.object({
  intent: z.literal("productTemplate"),
  fingerprint: text({ max: 64, required: true }),
  hr: description,
  en: description,
  de: description,
});

/** The list's filter: templates with any own language, or none. */
export const TEMPLATE_STATES = ["customised", "builtIn"] as const;
