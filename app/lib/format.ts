import type { Locale } from "./locales";
import type { Currency } from "./prices";

/**
 * The one place that turns numbers, money and dates into text, per interface locale
 * (Intl). Dates are shown in the shop's time zone on the server and in the browser alike,
 * so hydration sees the same text and an invoice or order mail shows the shop's calendar
 * day, whatever zone the server runs in.
 */

/** The shop's time zone (Croatia). */
export const SHOP_TIME_ZONE = "Europe/Zagreb";

/** The Intl locale of each interface locale. */
export const INTL_LOCALE: Record<Locale, string> = { hr: "hr-HR", en: "en-GB", de: "de-DE" };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A number as the locale writes it ("1.234,5" / "1,234.5"), up to three decimals unless told. */
export function formatNumber(value: number, locale: Locale, { maximumFractionDigits = 3 } = {}): string {
  return cached(`n:${locale}:${maximumFractionDigits}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits })).format(
    value,
  );
}

/**
 * A price in cents with two decimals and the currency label, e.g. "1.234,50 EUR" in
 * Croatian, or the symbol when asked ("1.234,50 €") (spec §9 prices).
 */
export function formatPrice(cents: number, currency: Pick<Currency, "label" | "symbol">, locale: Locale, { symbol = false } = {}): string {
  const format = cached(
    `p:${locale}`,
    () => new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  return `${format.format(cents / 100)}\u00a0${symbol ? currency.symbol : currency.label}`;
}

/** A length in millimetres as metres ("7 m", "2,35 m"): what a line sold per running metre is priced by (decision 0028). */
export function formatMetres(mm: number, locale: Locale): string {
  return `${formatNumber(mm / 1000, locale)}\u00a0m`;
}

/** A unit price: per piece "14,50 EUR", per running metre "14,50 EUR/m". */
export function formatUnitPrice(
  cents: number,
  lengthMm: number | null,
  currency: Pick<Currency, "label" | "symbol">,
  locale: Locale,
  options: { symbol?: boolean } = {},
): string {
  const price = formatPrice(cents, currency, locale, options);
  return lengthMm === null ? price : `${price}/m`;
}

/** A rate in basis points as a percentage: 2500 → "25 %", 1300 → "13 %", 550 → "5,5 %". */
export function formatPercent(basisPoints: number, locale: Locale): string {
  return `${formatNumber(basisPoints / 100, locale, { maximumFractionDigits: 2 })}\u00a0%`;
}

export type DateFormat = {
  /** "long": 23. studenoga 2026.; "medium": 23. stu 2026.; "short"/"numeric": 23. 11. 2026.; "dayMonth": 23. 11. (a chart's axis) */
  style?: "long" | "medium" | "short" | "numeric" | "dayMonth";
  /** Add the time of day: "short" 14:05, "medium" 14:05:09. */
  time?: "short" | "medium";
  /** The shop's time zone unless told ("UTC" for a calendar date stored without a zone). */
  timeZone?: string;
};

/** A date (and time) as the locale writes it, in the shop's time zone. */
export function formatDate(
  value: string | number | Date,
  locale: Locale,
  { style = "long", time, timeZone = SHOP_TIME_ZONE }: DateFormat = {},
): string {
  const key = `d:${locale}:${style}:${time ?? ""}:${timeZone}`;
  const format = cached(
    key,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        ...(style === "numeric"
          ? { year: "numeric", month: "numeric", day: "numeric" }
          : style === "dayMonth"
            ? { month: "numeric", day: "numeric" }
            : { dateStyle: style }),
        ...(time
          ? style === "numeric"
            ? { hour: "2-digit", minute: "2-digit", ...(time === "medium" ? { second: "2-digit" } : {}) }
            : { timeStyle: time }
          : {}),
        timeZone,
      }),
  );
  return format.format(value instanceof Date ? value : new Date(value));
}

/** Cents as a person types them into a money field ("1234,50"; schema-fields' money() reads it back). */
export function typedAmount(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}
