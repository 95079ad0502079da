import { describe, expect, it } from "vitest";
import { computeTotals } from "~/modules/cart/cart-totals";
import { kilograms, parcelOf, quoteMethod, type PricedMethod } from "~/modules/shipping/delivery-price";
import { methodPageSchema } from "~/modules/shipping/shipping.schema";

/**
 * The rule that prices a delivery method for a cart (decision 0106): the cart's weight
 * (per-metre lines by their length), the zone of the delivery country, the first rate row
 * covering the weight, the long-goods surcharge; a zone miss or an overweight cart is not
 * offered; no rate rows keep the flat price; free delivery still waives it.
 */
const truck: PricedMethod = {
  priceCents: 999,
  longGoods: { fromMm: 3000, surchargeCents: 3000 },
  zones: [
    { id: 1, name: "Hrvatska", countries: ["HR"] },
    { id: 2, name: "EU", countries: ["AT", "DE", "SI"] },
  ],
  // Deliberately out of order: the lightest covering limit wins whatever the row order.
  rates: [
    { zoneId: 1, maxWeightG: 500_000, priceCents: 8000 },
    { zoneId: 1, maxWeightG: 100_000, priceCents: 4500 },
    { zoneId: 2, maxWeightG: 100_000, priceCents: 9000 },
  ],
};
const flat: PricedMethod = { priceCents: 2500, longGoods: null, zones: [], rates: [] };

describe("the cart's parcel", () => {
  it("weighs pieces by quantity and per-metre lines by length × quantity; an unknown weight counts as nothing", () => {
    const parcel = parcelOf(
      [
        { weightG: 600, quantity: 3, lengthMm: null }, // 1,8 kg of screws
        { weightG: 2800, quantity: 4, lengthMm: 6500 }, // four 6,5 m sheets at 2,8 kg/m = 72,8 kg
        { weightG: null, quantity: 5, lengthMm: null },
      ],
      "hr",
    );
    expect(parcel).toEqual({ weightG: 1800 + 72_800, longestMm: 6500, countryIso: "HR" });
  });

  it("rounds a fraction of a gram up, so a cart is never lighter than its goods", () => {
    expect(parcelOf([{ weightG: 1, quantity: 1, lengthMm: 1500 }], null).weightG).toBe(2);
  });
});

describe("a method's price for a cart", () => {
  const parcel = (weightG: number, countryIso: string | null = "HR", longestMm = 0) => ({ weightG, countryIso, longestMm });

  it("takes the first row of the country's zone whose limit covers the weight", () => {
    expect(quoteMethod(truck, parcel(40_000))).toEqual({ offered: true, priceCents: 4500, surchargeCents: 0, zone: "Hrvatska" });
    expect(quoteMethod(truck, parcel(100_000))).toMatchObject({ offered: true, priceCents: 4500 });
    expect(quoteMethod(truck, parcel(100_001))).toMatchObject({ offered: true, priceCents: 8000 });
    expect(quoteMethod(truck, parcel(40_000, "AT"))).toMatchObject({ offered: true, priceCents: 9000, zone: "EU" });
  });

  it("is not offered over the heaviest row, outside every zone, or before the country is known", () => {
    expect(quoteMethod(truck, parcel(500_001))).toEqual({ offered: false, reason: "tooHeavy" });
    expect(quoteMethod(truck, parcel(100_001, "DE"))).toEqual({ offered: false, reason: "tooHeavy" });
    expect(quoteMethod(truck, parcel(1000, "BA"))).toEqual({ offered: false, reason: "noZone" });
    expect(quoteMethod(truck, parcel(1000, null))).toEqual({ offered: false, reason: "noCountry" });
  });

  it("adds the long-goods surcharge only for a line longer than its limit", () => {
    expect(quoteMethod(truck, parcel(1000, "HR", 3000))).toMatchObject({ priceCents: 4500, surchargeCents: 0 });
    expect(quoteMethod(truck, parcel(1000, "HR", 3001))).toMatchObject({ priceCents: 7500, surchargeCents: 3000 });
  });

  it("keeps the flat price without rate rows, whatever the weight or country, plus a surcharge the method has", () => {
    expect(quoteMethod(flat, parcel(9_999_999, "BA", 8000))).toEqual({ offered: true, priceCents: 2500, surchargeCents: 0, zone: null });
    expect(quoteMethod(flat, parcel(0, null))).toMatchObject({ offered: true, priceCents: 2500 });
    const flatLong = { ...flat, longGoods: { fromMm: 3000, surchargeCents: 1500 } };
    expect(quoteMethod(flatLong, parcel(0, null, 4000))).toMatchObject({ offered: true, priceCents: 4000 });
  });

  it("is waived with the rest of the delivery when the cart reaches the free-delivery limit", () => {
    const quote = quoteMethod(truck, parcel(200_000, "HR", 6000));
    if (!quote.offered) throw new Error("expected an offer");
    const totals = (itemsCents: number) =>
      computeTotals({
        lines: [{ itemId: "a", productIds: [1], quantity: 1, priceCents: itemsCents, membershipCents: null, taxRateBp: 2500 }],
        membership: false,
        coupon: null,
        delivery: { priceCents: quote.priceCents, taxRateBp: 2500 },
        freeDeliveryCents: 30_000,
        loyaltyCents: 0,
        now: new Date("2026-06-01T12:00:00Z"),
      });
    expect(totals(29_999)).toMatchObject({ delivery: 11_000, orderTotal: 29_999 + 11_000 });
    expect(totals(30_000)).toMatchObject({ delivery: 0, freeDelivery: true, orderTotal: 30_000 });
  });
});

describe("the rate table's forms", () => {
  const parse = (fields: Record<string, string>) => methodPageSchema.safeParse({ version: 1, ...fields });

  it("reads a weight in kilograms (comma or point) as grams and refuses 0, text and more than three decimals", () => {
    const ok = parse({ intent: "addRate", zoneId: 1, maxWeight: "1,5", price: "12,00" } as never);
    expect(ok.success && ok.data).toMatchObject({ maxWeight: 1500, price: 1200 });
    for (const maxWeight of ["0", "0,0001", "abc", "-1", "200000"])
      expect(parse({ intent: "addRate", zoneId: 1, maxWeight, price: "1" } as never).success).toBe(false);
    expect(parse({ intent: "addRate", zoneId: 1, maxWeight: "1", price: "-1" } as never).success).toBe(false);
  });

  it("reads a zone's countries as upper-case codes, each once, and refuses anything else", () => {
    const ok = parse({ intent: "addZone", name: "EU", countries: "at, de;SI  at" } as never);
    expect(ok.success && ok.data).toMatchObject({ countries: ["AT", "DE", "SI"] });
    expect(parse({ intent: "addZone", name: "EU", countries: "Austria" } as never).success).toBe(false);
    expect(parse({ intent: "addZone", name: "EU", countries: " " } as never).success).toBe(false);
  });

  it("shows grams as kilograms the way the owner typed them", () => {
    expect([kilograms(1500), kilograms(100_000), kilograms(1)]).toEqual(["1,5", "100", "0,001"]);
  });
});
