import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { csvDate, csvMoney, type CsvColumn } from "~/modules/kernel/csv.server";
import type { CouponListRow } from "./coupon-list.server";

/** The coupon list's columns in a spreadsheet, headed in the backoffice user's language. */
export async function couponCsvColumns(locale: Locale): Promise<CsvColumn<CouponListRow>[]> {
  const t = await getFixedT(locale, ["adminCoupons"]);
  const day = { style: "numeric" } as const;
  return [
    { header: t("adminCoupons.columns.code"), value: (c) => c.code },
    { header: t("adminCoupons.fields.type"), value: (c) => t(`adminCoupons.type.${c.type}`) },
    { header: t("adminCoupons.columns.discount"), value: (c) => (c.type === "percent" ? c.value : csvMoney(c.value)) },
    { header: t("adminCoupons.fields.minCart"), value: (c) => csvMoney(c.minCartCents) },
    { header: t("adminCoupons.columns.products"), value: (c) => c.products },
    { header: t("adminCoupons.columns.used"), value: (c) => c.usedCount },
    { header: t("adminCoupons.fields.usageLimit"), value: (c) => c.usageLimit ?? "" },
    { header: t("adminCoupons.fields.perCustomerLimit"), value: (c) => c.perCustomerLimit ?? "" },
    { header: t("adminCoupons.fields.validFrom"), value: (c) => csvDate(c.validFrom, day) },
    { header: t("adminCoupons.fields.validTo"), value: (c) => csvDate(c.validTo, day) },
    { header: t("adminCoupons.columns.state"), value: (c) => t(`adminCoupons.state.${c.state}`) },
    { header: t("adminCoupons.fields.note"), value: (c) => c.note },
  ];
}
