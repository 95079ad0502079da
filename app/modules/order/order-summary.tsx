import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatMetres, formatPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";

export type OrderSummaryData = {
  items: { id: number; name: string; sku: string; quantity: number; lengthMm: number | null; rowCents: number }[];
  totals: { itemsTotal: number; coupon: number; delivery: number; tax: number; orderTotal: number };
  delivery: string;
  payment: string;
  deliveryAddress: string[];
  billingAddress: string[];
};

/** A placed order at a glance (success page): lines, totals, delivery, payment, addresses. */
export function OrderSummary({
  summary,
  currency,
  locale,
}: {
  summary: OrderSummaryData;
  currency: Pick<Currency, "label" | "symbol">;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const total = (key: keyof OrderSummaryData["totals"], label: string, cents: number) => (
    <div className="flex justify-between" data-testid={`order-${key}`}>
      <dt>{label}</dt>
      <dd>{money(cents)}</dd>
    </div>
  );
  return (
    <div className="mt-8 rounded-lg border border-slate-200 p-4 text-left text-sm" data-testid="order-summary">
      <h2 className="mb-2 text-lg font-semibold">{t("checkout.summary.title")}</h2>
      <ul className="mb-3 flex flex-col gap-1">
        {summary.items.map((i) => (
          <li key={i.id} className="flex justify-between gap-2" data-testid="order-line">
            <span>
              {i.quantity} × {i.name}
              {i.lengthMm !== null ? ` (${formatMetres(i.lengthMm, locale)})` : ""}
            </span>
            <span>{money(i.rowCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="border-t border-slate-200 pt-2">
        {total("itemsTotal", t("cart.summary.itemsTotal"), summary.totals.itemsTotal)}
        {total("coupon", t("cart.summary.coupon"), -summary.totals.coupon)}
        {total("delivery", t("cart.summary.delivery"), summary.totals.delivery)}
        {total("orderTotal", t("cart.summary.orderTotal"), summary.totals.orderTotal)}
        {total("tax", t("cart.summary.tax"), summary.totals.tax)}
      </dl>
      <p className="mt-3">
        <strong>{t("checkout.summary.delivery")}:</strong> {summary.delivery}
      </p>
      <p>
        <strong>{t("checkout.summary.payment")}:</strong> {summary.payment}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <strong>{t("checkout.address.delivery")}</strong>
          {summary.deliveryAddress.map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
        </div>
        <div>
          <strong>{t("checkout.address.billing")}</strong>
          {summary.billingAddress.map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
