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
    { header: t("adminOrders.columns.received"), value: (o) => csvMoney(o.receivedCents) },
    { header: t("adminOrders.columns.refunded"), value: (o) => csvMoney(o.refundedCents) },
    // The dashboard's definition (revenue.server.ts): the column sums to its figure for the same filter.
    { header: t("adminOrders.columns.revenue"), value: (o) => csvMoney(o.revenueCents) },
    { header: t("adminOrders.columns.owed"), value: (o) => csvMoney(o.owedCents) },
    { header: t("adminOrders.columns.currency"), value: (o) => o.currencyLabel },
    { header: t("adminOrders.columns.paymentMethod"), value: (o) => o.paymentMethodName },
    { header: t("adminOrders.columns.paymentStatus"), value: (o) => t(`orders.paymentStatus.${o.paymentStatus}`) },
    { header: t("adminOrders.columns.status"), value: (o) => t(`orders.status.${o.status}`) },
  ];
}
