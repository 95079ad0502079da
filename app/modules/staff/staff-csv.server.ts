import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import type { StaffRow } from "./staff-list.server";

/** The backoffice user list's columns in a spreadsheet, headed in the backoffice user's language. */
export async function staffCsvColumns(locale: Locale): Promise<CsvColumn<StaffRow>[]> {
  const t = await getFixedT(locale, ["adminUsers"]);
  return [
    { header: t("adminUsers.columns.email"), value: (u) => u.email },
    { header: t("adminUsers.columns.name"), value: (u) => u.name },
    { header: t("adminUsers.columns.scope"), value: (u) => u.scope.map((s) => t(`adminUsers.scope.${s}`, { defaultValue: s })).join(", ") },
    { header: t("adminUsers.columns.status"), value: (u) => t(`adminUsers.status.${u.status}`) },
    { header: t("adminUsers.columns.lastSignIn"), value: (u) => csvDate(u.lastSignIn) },
    { header: t("adminUsers.columns.createdAt"), value: (u) => csvDate(u.createdAt) },
  ];
}
