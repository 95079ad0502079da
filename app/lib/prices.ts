export type Currency = { id: number; label: string; symbol: string };

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
