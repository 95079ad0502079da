import type { FlatProduct } from "./flatten";

/**
 * Demo shipping weights (decision 0106), grams per piece by the product's category: what a
 * sheet, a gutter or a box of screws roughly weighs, so the truck method's rate table shows
 * a real difference. A sheet sold per running metre weighs per metre. Variants take their
 * product's weight (the cart falls back to it); services and e-products ship nothing.
 */
const GRAMS_BY_CATEGORY: Record<string, number> = {
  "krovni-paneli": 9_000,
  "trapezni-limovi": 6_000,
  oluci: 1_800,
  "odvodne-cijevi": 1_500,
  opsavi: 2_200,
  pribor: 600,
  "krovni-prozori-i-svjetlarnici": 14_000,
  alati: 1_200,
};
const GRAMS_PER_METRE_OF_SHEET = 2_800;

export function shippingWeightOf(p: FlatProduct): number | null {
  if (p.format === "e-product" || p.type !== "product") return null;
  if (p.priceUnit === "metre") return GRAMS_PER_METRE_OF_SHEET;
  return GRAMS_BY_CATEGORY[p.categories[0] ?? ""] ?? null;
}
