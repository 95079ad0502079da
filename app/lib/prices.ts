import type { Locale } from "./locales";

export type Currency = { id: number; label: string; symbol: string };

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A price in cents with two decimals and the currency label, e.g. "1.234,50 EUR" in
 * Croatian, or the symbol when asked ("1.234,50 €") (spec §9 prices).
 */
export function formatPrice(cents: number, currency: Pick<Currency, "label" | "symbol">, locale: Locale, { symbol = false } = {}) {
  const tag = locale === "en" ? "en-GB" : locale === "de" ? "de-DE" : "hr-HR";
  let format = formatters.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(tag, format);
  }
  return `${format.format(cents / 100)}\u00a0${symbol ? currency.symbol : currency.label}`;
}

/**
 * Discount percent = (retail price − discounted price) / retail price × 100, rounded to a
 * whole number (spec §9). No discount (or no retail price) is 0.
 */
export function discountPercent(retailCents: number, discountedCents: number): number {
  if (retailCents <= 0 || discountedCents >= retailCents) return 0;
  return Math.round(((retailCents - discountedCents) / retailCents) * 100);
}

/** The VAT contained in a VAT-inclusive price (rate in basis points: 2500 = 25 %). */
export function taxPart(grossCents: number, taxRateBp: number): number {
  return Math.round(grossCents - grossCents / (1 + taxRateBp / 10_000));
}
