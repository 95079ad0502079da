/**
 * The ONE rule that prices a delivery method for a cart (decision 0106). Pure, integer
 * grams and cents:
 *
 *   cart weight = Σ line weight × quantity (× length in metres for a line sold per metre)
 *   base price  = the method's flat price when it has no rate rows; else the first row
 *                 (lightest limit first) of the zone holding the delivery country whose
 *                 limit covers the cart's weight
 *   surcharge   = the long-goods surcharge when any line is longer than its limit
 *   not offered = a method with rate rows and no delivery country yet, a country in none
 *                 of its zones, or a cart heavier than every row of the zone
 *
 * The free-delivery limit is the totals engine's (cart-totals.ts): it waives this price.
 */
export type ParcelLine = {
  /** Grams per piece, or per running metre when the line has a length; null: not given. */
  weightG: number | null;
  quantity: number;
  /** Millimetres of a line sold per running metre; null for a line sold per piece. */
  lengthMm: number | null;
};

/** What a delivery is priced from: the cart's weight, its longest line, the delivery country. */
export type Parcel = { weightG: number; longestMm: number; countryIso: string | null };

export type RateZone = { id: number; name: string; countries: string[] };
export type RateRow = { zoneId: number; maxWeightG: number; priceCents: number };
export type PricedMethod = {
  priceCents: number;
  longGoods: { fromMm: number; surchargeCents: number } | null;
  zones: RateZone[];
  rates: RateRow[];
};

/** Why a method is not offered for a cart. */
export type NotOfferedReason = "noCountry" | "noZone" | "tooHeavy";
export type DeliveryQuote =
  { offered: true; priceCents: number; surchargeCents: number; zone: string | null } | { offered: false; reason: NotOfferedReason };

export function parcelOf(lines: ParcelLine[], countryIso: string | null): Parcel {
  let weight = 0;
  let longestMm = 0;
  for (const line of lines) {
    const perUnit = line.weightG ?? 0;
    weight += line.lengthMm === null ? perUnit * line.quantity : (perUnit * line.quantity * line.lengthMm) / 1000;
    if (line.lengthMm !== null) longestMm = Math.max(longestMm, line.lengthMm);
  }
  return { weightG: Math.ceil(weight), longestMm, countryIso: countryIso ? countryIso.toUpperCase() : null };
}

export function quoteMethod(method: PricedMethod, parcel: Parcel): DeliveryQuote {
  const surchargeCents = method.longGoods && parcel.longestMm > method.longGoods.fromMm ? method.longGoods.surchargeCents : 0;
  if (method.rates.length === 0) return { offered: true, priceCents: method.priceCents + surchargeCents, surchargeCents, zone: null };
  if (!parcel.countryIso) return { offered: false, reason: "noCountry" };
  const zone = method.zones.find((z) => z.countries.includes(parcel.countryIso!));
  if (!zone) return { offered: false, reason: "noZone" };
  const row = method.rates
    .filter((r) => r.zoneId === zone.id)
    .sort((a, b) => a.maxWeightG - b.maxWeightG)
    .find((r) => r.maxWeightG >= parcel.weightG);
  if (!row) return { offered: false, reason: "tooHeavy" };
  return { offered: true, priceCents: row.priceCents + surchargeCents, surchargeCents, zone: zone.name };
}

/** Grams as the owner reads them: kilograms with up to three decimals, Croatian comma. */
export const kilograms = (grams: number) =>
  (grams / 1000)
    .toFixed(3)
    .replace(/\.?0+$/, "")
    .replace(".", ",");
