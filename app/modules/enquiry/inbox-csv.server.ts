import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import type { InboxRow } from "./inbox.server";

/** The inbox's columns in a spreadsheet, headed in the backoffice user's language. */
export async function inboxCsvColumns(locale: Locale): Promise<CsvColumn<InboxRow>[]> {
  const t = await getFixedT(locale, ["adminEnquiries"]);
  return [
    { header: t("adminEnquiries.columns.ref"), value: (r) => r.ref },
    { header: t("adminEnquiries.columns.date"), value: (r) => csvDate(r.createdAt) },
    { header: t("adminEnquiries.columns.kind"), value: (r) => t(`adminEnquiries.kind.${r.kind}`) },
    { header: t("adminEnquiries.columns.name"), value: (r) => r.name },
    { header: t("adminEnquiries.columns.email"), value: (r) => r.email },
    { header: t("adminEnquiries.columns.subject"), value: (r) => r.subject },
    { header: t("adminEnquiries.columns.text"), value: (r) => r.text },
    { header: t("adminEnquiries.columns.status"), value: (r) => t(`adminEnquiries.status.${r.status}`) },
  ];
}
