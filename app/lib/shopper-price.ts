/**
 * What one shopper pays for one product (decision 0107): the ONE rule the cart, checkout,
 * the placed order, the product page, product cards and the API read. Integer cents, VAT
 * included.
 *
 * - the catalogue price is what everyone pays;
 * - a member card (on the cart) offers the product's membership price;
 * - a customer group offers its fixed price for the product (or variant), else the
 *   catalogue price less the group's percentage;
 * - the lowest offer wins: a card holder in a group is never charged more than either
 *   alone would be, and a group price set above the catalogue price never raises it.
 */

/** A customer group's prices as pricing reads them: percent off in basis points, fixed prices by product id. */
export type PriceGroup = { id: number; discountBp: number; prices: Record<number, number> };

export type PriceSource = "catalogue" | "membership" | "group";

/**
 * The group's offer for a product: its fixed price for the most specific id (`productIds`
 * is the main product, then the chosen variant: the variant's own fixed price first, then
 * the main product's), else the price less the group's percentage (rounded to the cent).
 * Null without a group or when it offers nothing.
 */
export function groupOffer(priceCents: number, productIds: readonly number[], group: PriceGroup | null): number | null {
  if (!group) return null;
  for (let i = productIds.length - 1; i >= 0; i--) {
    const fixed = group.prices[productIds[i]];
    if (fixed !== undefined) return fixed;
  }
  if (group.discountBp <= 0) return null;
  return Math.round((priceCents * (10_000 - group.discountBp)) / 10_000);
}

/** The offers on one line: the catalogue price, the membership price, the group's (already resolved by `groupOffer`). */
export type PriceOffers = { priceCents: number; membershipCents: number | null; groupCents?: number | null };

/** The unit price charged and where it comes from; `membership`: a member card applies. */
export function shopperUnitPrice(offers: PriceOffers, membership: boolean): { unitCents: number; source: PriceSource } {
  let best: { unitCents: number; source: PriceSource } = { unitCents: offers.priceCents, source: "catalogue" };
  if (membership && offers.membershipCents !== null && offers.membershipCents < best.unitCents)
    best = { unitCents: offers.membershipCents, source: "membership" };
  if (offers.groupCents != null && offers.groupCents < best.unitCents) best = { unitCents: offers.groupCents, source: "group" };
  return best;
}

/** The price a group customer sees on a product page or card: the group's when lower than the catalogue price, else null. */
export function groupDisplayPrice(priceCents: number, productIds: readonly number[], group: PriceGroup | null): number | null {
  const offer = groupOffer(priceCents, productIds, group);
  return shopperUnitPrice({ priceCents, membershipCents: null, groupCents: offer }, false).source === "group" ? offer : null;
}

/** A percentage as the owner types it (0–90, whole or one decimal: "12,5") in basis points, or null when it is not one. */
export function percentToBp(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^\d{1,2}(\.\d)?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp <= 9000 ? bp : null;
}

/** Basis points as the owner reads them ("12,5" for 1250, "10" for 1000). */
export const bpToPercent = (bp: number) => String(bp / 100).replace(".", ",");
