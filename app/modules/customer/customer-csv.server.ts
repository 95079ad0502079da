import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { localized } from "~/lib/links";
import { csvDate, csvMoney, type CsvColumn } from "~/modules/kernel/csv.server";
import type { CustomerListRow } from "./customer-list.server";

/** The customer list's columns in a spreadsheet (decision 0040), headed in the backoffice user's language. */
export async function customerCsvColumns(locale: Locale): Promise<CsvColumn<CustomerListRow>[]> {
  const t = await getFixedT(locale, ["adminCustomers"]);
  const yesNo = (value: boolean) => t(value ? "adminCustomers.yes" : "adminCustomers.no");
  return [
    { header: t("adminCustomers.columns.id"), value: (c) => c.id },
    { header: t("adminCustomers.columns.email"), value: (c) => c.email },
    { header: t("adminCustomers.columns.firstName"), value: (c) => c.firstName },
    { header: t("adminCustomers.columns.lastName"), value: (c) => c.lastName },
    { header: t("adminCustomers.columns.company"), value: (c) => c.company },
    { header: t("adminCustomers.columns.phone"), value: (c) => c.phone },
    { header: t("adminCustomers.columns.created"), value: (c) => csvDate(c.createdAt) },
    { header: t("adminCustomers.columns.verified"), value: (c) => yesNo(c.verified) },
    { header: t("adminCustomers.columns.blocked"), value: (c) => yesNo(c.blocked) },
    { header: t("adminCustomers.columns.group"), value: (c) => (c.group ? localized(c.group, locale) : "") },
    { header: t("adminCustomers.columns.orders"), value: (c) => c.ordersCount },
    { header: t("adminCustomers.columns.spent"), value: (c) => csvMoney(c.spentCents) },
  ];
}
