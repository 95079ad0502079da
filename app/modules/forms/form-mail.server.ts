import type { Executor } from "~/.server/db/client.server";
import type { FormFieldDefinition, LocalizedText } from "~/.server/db/schema";
import { getFixedT } from "~/.server/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { shopRecipient } from "~/modules/forms/submission.server";
import { sendMail, type OutboxMail } from "~/modules/mail/mail.server";

/**
 * The shop's mail of a sent form (kind formSubmission): at once when the form is sent, or
 * when its sender confirms their address (form-confirmation.server.ts, decision 0063).
 */
export type MailedForm = { id: number | null; slug: string; title: LocalizedText | null; fields: FormFieldDefinition[] };

/** A text in `locale`, Croatian when it has none. */
export const localizedText = (labels: LocalizedText | null | undefined, locale: Locale) => labels?.[locale] ?? labels?.hr ?? "";

/** The form's title as a mail names it (the contact form's from the messages). */
export async function formTitle(definition: MailedForm, locale: Locale): Promise<string> {
  if (definition.id === null) return (await getFixedT(locale))("forms.contact.title");
  return localizedText(definition.title, locale) || definition.slug;
}

/** The shop's copy in the shop's language, one "label: value" line per field; none without SendEmailTo. */
export async function mailTheShop(
  tx: Executor,
  definition: MailedForm,
  data: Record<string, string | boolean>,
  email: string,
  locale: Locale,
): Promise<OutboxMail | null> {
  const to = await shopRecipient(tx);
  if (!to) {
    console.warn(`Form ${definition.slug} stored without a mail: the option SendEmailTo is not set`);
    return null;
  }
  const t = await getFixedT(DEFAULT_LOCALE);
  const contact = definition.id === null;
  const title = contact ? t("forms.contact.title") : localizedText(definition.title, DEFAULT_LOCALE) || definition.slug;
  const lines = definition.fields.map((f) => {
    const label = contact ? t(`forms.contact.fields.${f.name}`) : localizedText(f.label, DEFAULT_LOCALE) || f.name;
    const value = data[f.name];
    const shown = typeof value === "boolean" ? t(value ? "forms.mail.yes" : "forms.mail.no") : value || "-";
    return `${label}: ${shown}`;
  });
  const subject =
    contact && typeof data.subject === "string"
      ? t("forms.mail.contactSubject", { subject: data.subject })
      : t("forms.mail.subject", { form: title });
  const values = { form: title, language: locale, fields: lines.join("\n"), email };
  const body = t("forms.mail.text", values);
  return sendMail(
    { kind: "formSubmission", to, replyTo: email || null, subject, text: body, template: { locale: DEFAULT_LOCALE, values } },
    tx,
  );
}
