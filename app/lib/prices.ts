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

/**
 * A line's total: unit price × quantity, or for a line sold per running metre unit price ×
 * length in metres × quantity, rounded half up to the cent once per line (integer
 * arithmetic: cents × millimetres × quantity is exact well within 2^53).
 */
export function rowTotal(unitCents: number, quantity: number, lengthMm: number | null = null): number {
  if (lengthMm === null) return unitCents * quantity;
  return Math.floor((unitCents * lengthMm * quantity + 500) / 1000);
}
