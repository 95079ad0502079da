/**
 * Lengths of products sold per running metre (decision 0028), isomorphic: the cart
 * prices a line by it and the product page shows the price of the entered length.
 */
const MM_PER_UNIT: Record<string, number> = { mm: 1, cm: 10, m: 1000 };

/** A length option's value in millimetres (whole: the option takes whole numbers), or null when it is none. */
export function lengthInMm(value: unknown, unit: string | null): number | null {
  const perUnit = unit ? MM_PER_UNIT[unit] : undefined;
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim().replace(",", ".")) : NaN;
  if (!perUnit || !Number.isFinite(number) || number <= 0) return null;
  return Math.round(number * perUnit);
}
