import { taxPart } from "~/lib/prices";

/**
 * Whether Croatian VAT is charged on an order (decision 0104): the ONE rule the cart,
 * checkout, the order writer and the invoice all follow. Goods delivered outside the EU
 * are an export, free of Croatian VAT (Zakon o PDV-u, čl. 45), unless the shop's setting
 * says to charge it anyway; an unknown country (no address yet) is charged as Croatia.
 * Prices are kept VAT-inclusive; a line that is not charged VAT costs its net price.
 */
export const EU_COUNTRIES = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

export type VatSettings = { vatOutsideEu: boolean };

export function chargesVat(countryIso: string | null | undefined, settings: VatSettings): boolean {
  const country = (countryIso ?? "").trim().toUpperCase();
  if (!country || EU_COUNTRIES.has(country)) return true;
  return settings.vatOutsideEu;
}

/** A VAT-inclusive price as charged: itself, or its net part where no VAT is charged. */
export function chargedPrice(cents: number, taxRateBp: number, vatCharged: boolean): number {
  return vatCharged ? cents : cents - taxPart(cents, taxRateBp);
}

export type VatRow = { rateBp: number; grossCents: number; baseCents: number; vatCents: number };

/**
 * VAT base and VAT per rate of what the rows still cost (VAT-inclusive), as the totals
 * engine takes it: each rate's VAT from its rows' sum, the delivery's own VAT apart.
 */
export function vatByRate(
  rows: { grossCents: number; rateBp: number }[],
  delivery?: { grossCents: number; rateBp: number } | null,
): VatRow[] {
  const gross = new Map<number, number>();
  for (const row of rows) gross.set(row.rateBp, (gross.get(row.rateBp) ?? 0) + row.grossCents);
  const vat = new Map([...gross].map(([rate, cents]) => [rate, taxPart(cents, rate)]));
  if (delivery && delivery.grossCents > 0) {
    gross.set(delivery.rateBp, (gross.get(delivery.rateBp) ?? 0) + delivery.grossCents);
    vat.set(delivery.rateBp, (vat.get(delivery.rateBp) ?? 0) + taxPart(delivery.grossCents, delivery.rateBp));
  }
  return [...gross]
    .sort((a, b) => b[0] - a[0])
    .map(([rateBp, grossCents]) => ({ rateBp, grossCents, vatCents: vat.get(rateBp)!, baseCents: grossCents - vat.get(rateBp)! }));
}
