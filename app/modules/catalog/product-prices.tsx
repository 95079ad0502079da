import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";
import type { ProductPrices } from "./product-view";

type Props = {
  prices: ProductPrices;
  currency: Pick<Currency, "label" | "symbol">;
  locale: Locale;
  /** Sold per running metre: the prices are a metre's (decision 0028). */
  perMetre?: boolean;
  /** A configurable product whose variants differ in price: the lowest (decision 0075, as on its card). */
  fromCents?: number | null;
};

/**
 * The price block (spec §9): the final price large; when discounted, the retail price
 * struck through and the discount badge (for a group customer their price, the catalogue price
 * struck through: decision 0107); the membership price; the VAT contained in the
 * price and the price without it. Two decimals and the currency label everywhere.
 */
export function ProductPricesView({ prices, currency, locale, perMetre = false, fromCents = null }: Props) {
  const { t } = useTranslation();
  const money = (cents: number) => `${formatPrice(cents, currency, locale)}${perMetre ? "/m" : ""}`;
  return (
    <div className="flex flex-col gap-1" data-testid="product-prices">
      <div className="flex flex-wrap items-baseline gap-3">
        <span className="sr-only">{t("product.finalPrice")}</span>
        <span className="text-3xl font-bold text-brand-900" data-testid="final-price">
          {money(prices.finalCents)}
        </span>
        {prices.catalogueCents != null ? (
          <>
            <s className="text-lg text-slate-500" data-testid="catalogue-price">
              {money(prices.catalogueCents)}
            </s>
          </>
        ) : prices.discountPercent > 0 ? (
          <>
            <span className="sr-only">{t("product.retailPrice")}</span>
            <s className="text-lg text-slate-500" data-testid="retail-price">
              {money(prices.retailCents)}
            </s>
            <span
              className="rounded bg-accent-700 px-2 py-0.5 text-sm font-bold text-white"
              aria-label={t("product.discount", { percent: prices.discountPercent })}
              data-testid="discount-badge"
            >
              −{prices.discountPercent}%
            </span>
          </>
        ) : null}
      </div>
      {prices.membershipCents !== null ? (
        <p className="font-medium text-brand-700" data-testid="membership-price">
          {t("catalog.membershipPrice")}: {money(prices.membershipCents)}
        </p>
      ) : null}
      {perMetre ? (
        <p className="text-sm font-medium text-slate-700" data-testid="price-unit">
          {t("product.pricePerMetre")}
        </p>
      ) : null}
      {fromCents !== null ? (
        <p className="text-sm text-slate-700" data-testid="from-price">
          {t("product.variantsFrom", { price: formatPrice(fromCents, currency, locale) })}
        </p>
      ) : null}
      <p className="text-sm text-slate-600" data-testid="vat-line">
        {t("product.vatIncluded", { rate: prices.taxRateBp / 100, amount: money(prices.taxCents) })}
      </p>
      <p className="text-sm text-slate-600" data-testid="basic-price">
        {t("product.basicPrice", { amount: money(prices.basicCents) })}
      </p>
    </div>
  );
}
