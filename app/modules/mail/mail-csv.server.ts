import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import type { MailListRow } from "./mail-list.server";

/** The outbox list's columns in a spreadsheet, headed in the backoffice user's language. */
export async function mailCsvColumns(locale: Locale): Promise<CsvColumn<MailListRow>[]> {
  const t = await getFixedT(locale, ["adminMail"]);
  return [
    { header: t("adminMail.columns.id"), value: (m) => m.id },
    { header: t("adminMail.columns.kind"), value: (m) => t(`adminMail.kind.${m.kind}`, { defaultValue: m.kind }) },
    { header: t("adminMail.columns.to"), value: (m) => m.to },
    { header: t("adminMail.columns.subject"), value: (m) => m.subject },
    { header: t("adminMail.columns.status"), value: (m) => t(`adminMail.status.${m.status}`) },
    { header: t("adminMail.columns.attempts"), value: (m) => m.attempts },
    { header: t("adminMail.columns.error"), value: (m) => m.error },
    { header: t("adminMail.columns.createdAt"), value: (m) => csvDate(m.createdAt) },
    { header: t("adminMail.columns.sentAt"), value: (m) => csvDate(m.sentAt) },
  ];
}
