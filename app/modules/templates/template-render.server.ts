import { env } from "~/.server/env.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import type { MailKind } from "~/modules/templates/mail-kinds";
import { htmlToText } from "./html-text";
import { fillMailHtml, sanitizeMailHtml } from "./template-links.server";
import { PLACEHOLDER, secretVariables } from "./template-variables";

/**
 * A stored template filled with one mail's values (docs/decisions/0053, 0081). The subject
 * takes the values as they are (one line). The HTML part takes them escaped (a value is
 * text, never markup: a customer called `<script>` stays text), a multi-line value with
 * `<br>`; the kind's secret values (one-time links) only as the shop's own anchors; and the
 * result goes through the CMS allow-list once more with the origin rule, so no value can
 * smuggle in a `javascript:` link and no link or image leaves the shop's origin. The text
 * part is derived from that HTML, so it holds exactly the links the HTML kept. A
 * placeholder without a value (none after the save check) becomes "".
 */
export type TemplateText = { subject: string; bodyHtml: string };
export type RenderedMail = { subject: string; html: string; text: string };

/** The longest subject a templated mail gets (longer ones are cut: mail clients show less anyway). */
export const SUBJECT_MAX = 300;

/** Nothing glued before a secret address in the text part, or a mail client would make one link of both. */
function setApart(text: string, secrets: string[]): string {
  let result = text;
  for (const address of new Set(secrets.flatMap((value) => value.match(/https?:\/\/[^\s<>"]+/g) ?? []))) {
    result = result.split(address).reduce((joined, part) => joined + (/(^|\s|\s\()$/.test(joined) ? "" : " ") + address + part);
  }
  return result;
}

export function renderTemplate(
  kind: MailKind,
  template: TemplateText,
  values: Record<string, string>,
  trailer?: { text: string; html: string } | null,
  origin: string = env.PUBLIC_URL,
): RenderedMail {
  const secret = new Set(secretVariables(kind));
  const subject = template.subject
    // A secret is a link only the shop makes: the subject (plain text) never carries it.
    .replace(PLACEHOLDER, (_whole, name: string) => (Object.hasOwn(values, name) && !secret.has(name) ? (values[name] ?? "") : ""))
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SUBJECT_MAX);
  const html = sanitizeMailHtml(fillMailHtml(sanitizeCmsHtml(template.bodyHtml), values, secret), origin);
  const text = setApart(
    htmlToText(html),
    [...secret].map((name) => values[name] ?? ""),
  );
  return {
    subject,
    html: trailer ? `${html}${trailer.html}` : html,
    text: trailer ? `${text}\n\n${trailer.text}` : text,
  };
}
