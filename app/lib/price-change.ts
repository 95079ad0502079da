/**
 * The arithmetic of a bulk price change (docs/decisions/0047, 0103), in integer cents:
 * a percentage or an amount, then the shop's price ending. Shared by the preview and the
 * change itself, so what the preview shows is what is written.
 */

/** The shop's price endings (the site option `PriceEnding`): none, to 0,10, whole euros, x,99, x,90. */
export const PRICE_ENDINGS = ["none", "tenCents", "whole", "ending99", "ending90"] as const;
export type PriceEnding = (typeof PRICE_ENDINGS)[number];

export type PriceChange = { mode: "percent"; percent: number } | { mode: "amount"; cents: number };

/**
 * One price scaled by a percentage, rounded to the cent (half up), in integer arithmetic:
 * the percentage in hundredths (12,5 % = 1250) so 0,1 + 0,2 never shows up in a price.
 */
export function scaleCents(cents: number, percent: number): number {
  const factor = 10_000 + Math.round(percent * 100);
  return Math.floor((cents * factor + 5_000) / 10_000);
}

/** A price moved by the change, before any ending. */
export function changeCents(cents: number, change: PriceChange): number {
  return change.mode === "percent" ? scaleCents(cents, change.percent) : cents + change.cents;
}

/**
 * A price rounded to the nearest price with the shop's ending (a tie goes up), and never
 * below the smallest such price: 13,74 → 13,99 (",99"), 13,90 (",90"), 14,00 (whole
 * euros), 13,70 (0,10); 0,30 → 0,99 (",99"). Without an ending the price stays as it is.
 */
export function roundToEnding(cents: number, ending: PriceEnding): number {
  const nearest = (step: number, rest: number) => Math.max(rest || step, Math.floor((cents - rest + step / 2) / step) * step + rest);
  switch (ending) {
    case "none":
      return cents;
    case "tenCents":
      return nearest(10, 0);
    case "whole":
      return nearest(100, 0);
    case "ending99":
      return nearest(100, 99);
    case "ending90":
      return nearest(100, 90);
  }
}

export type PriceTriple = { retailPriceCents: number; priceCents: number; membershipPriceCents: number | null };

/** Which prices a change moves: all three (regular, sale, membership), or the sale price alone. */
export const PRICE_TARGETS = ["all", "sale"] as const;
export type PriceTarget = (typeof PRICE_TARGETS)[number];

/**
 * A product's (or variant's) prices after the change and the ending; null when a moved
 * price would fall under 0,01 (the row is then left out). A price of 0 (not set) stays 0.
 * The sale and membership prices never end above the regular price.
 */
export function changePrices(prices: PriceTriple, change: PriceChange, target: PriceTarget, ending: PriceEnding): PriceTriple | null {
  let tooLow = false;
  const move = (cents: number) => {
    if (cents === 0) return 0;
    const moved = changeCents(cents, change);
    if (moved < 1) tooLow = true;
    return roundToEnding(moved, ending);
  };
  const retailPriceCents = target === "all" ? move(prices.retailPriceCents) : prices.retailPriceCents;
  const priceCents = Math.min(move(prices.priceCents), retailPriceCents);
  const membership = prices.membershipPriceCents;
  const membershipPriceCents = membership === null || target !== "all" ? membership : Math.min(move(membership), retailPriceCents);
  return tooLow ? null : { retailPriceCents, priceCents, membershipPriceCents };
}
