import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { csvDate, csvMoney, type CsvColumn } from "~/modules/kernel/csv.server";
import type { OrderListRow } from "./order-list.server";

/** The order list's columns in a spreadsheet, headed in the backoffice user's language. */
export async function orderCsvColumns(locale: Locale): Promise<CsvColumn<OrderListRow>[]> {
  const t = await getFixedT(locale, ["adminOrders", "orders"]);
  return [
    { header: t("adminOrders.columns.number"), value: (o) => o.slug },
    { header: t("adminOrders.columns.date"), value: (o) => csvDate(o.createdAt) },
    { header: t("adminOrders.columns.customer"), value: (o) => o.customer },
    { header: t("adminOrders.columns.email"), value: (o) => o.email },
    { header: t("adminOrders.columns.total"), value: (o) => csvMoney(o.totalCents) },
    { header: t("adminOrders.columns.currency"), value: (o) => o.currencyLabel },
    { header: t("adminOrders.columns.paymentMethod"), value: (o) => o.paymentMethodName },
    { header: t("adminOrders.columns.paymentStatus"), value: (o) => t(`orders.paymentStatus.${o.paymentStatus}`) },
    { header: t("adminOrders.columns.status"), value: (o) => t(`orders.status.${o.status}`) },
  ];
}
