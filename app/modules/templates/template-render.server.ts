import { sanitizeCmsHtml } from "~/modules/cms/sanitize.server";
import { htmlToText } from "./html-text";
import { PLACEHOLDER } from "./template-variables";

/**
 * A stored template filled with one mail's values (docs/decisions/0053). The subject takes
 * the values as they are (one line); the HTML part takes them escaped (a value is text,
 * never markup: a customer called `<script>` stays text), a multi-line value with `<br>`,
 * and the result goes through the CMS allow-list once more, so no value can smuggle in a
 * `javascript:` link either; the text part is derived from the template's HTML and takes
 * the values raw. A placeholder without a value (none after the save check) becomes "".
 */
export type TemplateText = { subject: string; bodyHtml: string };
export type RenderedMail = { subject: string; html: string; text: string };

/** The longest subject a templated mail gets (longer ones are cut: mail clients show less anyway). */
export const SUBJECT_MAX = 300;

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

function fill(text: string, values: Record<string, string>, as: (value: string) => string): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => (Object.hasOwn(values, name) ? as(values[name] ?? "") : ""));
}

export function renderTemplate(
  template: TemplateText,
  values: Record<string, string>,
  trailer?: { text: string; html: string } | null,
): RenderedMail {
  const subject = fill(template.subject, values, (value) => value)
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SUBJECT_MAX);
  const html = sanitizeCmsHtml(fill(template.bodyHtml, values, (value) => escapeHtml(value).replace(/\r?\n/g, "<br>")));
  const text = fill(htmlToText(template.bodyHtml), values, (value) => value);
  return {
    subject,
    html: trailer ? `${html}${trailer.html}` : html,
    text: trailer ? `${text}\n\n${trailer.text}` : text,
  };
}
