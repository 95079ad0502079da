import { describe, expect, it } from "vitest";
import { changePrices, roundToEnding, scaleCents } from "~/lib/price-change";
import { priceChangeOf } from "~/modules/catalog-admin/price-change.schema";

/** The arithmetic of bulk price changes (docs/decisions/0047, 0103), in integer cents. */
describe("scaleCents", () => {
  it("rounds a percentage change to the cent, half up", () => {
    expect(scaleCents(1999, 10)).toBe(2199); // 21,989 → 21,99
    expect(scaleCents(1005, 15)).toBe(1156); // 11,5575 → 11,56
    expect(scaleCents(100, -90)).toBe(10);
    expect(scaleCents(333, 12.5)).toBe(375); // 3,74625 → 3,75
    expect(scaleCents(1249, 10)).toBe(1374); // 13,739 → 13,74
  });
});

describe("roundToEnding", () => {
  it("goes to the nearest price with the ending, a tie up, never under the smallest such price", () => {
    expect([1374, 1340, 1349, 1350, 1299].map((c) => roundToEnding(c, "ending99"))).toEqual([1399, 1299, 1399, 1399, 1299]);
    expect([1374, 1339, 1340].map((c) => roundToEnding(c, "ending90"))).toEqual([1390, 1290, 1390]);
    expect([1374, 1349, 1350].map((c) => roundToEnding(c, "whole"))).toEqual([1400, 1300, 1400]);
    expect([1374, 1375, 1].map((c) => roundToEnding(c, "tenCents"))).toEqual([1370, 1380, 10]);
    expect([30, 1].map((c) => roundToEnding(c, "ending99"))).toEqual([99, 99]);
    expect(roundToEnding(20, "whole")).toBe(100);
    expect(roundToEnding(1374, "none")).toBe(1374);
  });
});

describe("changePrices", () => {
  const ten = { mode: "percent", percent: 10 } as const;
  it("moves all three prices, keeps sale and membership at or under the regular price, leaves 0 alone", () => {
    expect(changePrices({ retailPriceCents: 1249, priceCents: 1249, membershipPriceCents: null }, ten, "all", "ending99")).toEqual({
      retailPriceCents: 1399,
      priceCents: 1399,
      membershipPriceCents: null,
    });
    expect(
      changePrices({ retailPriceCents: 999, priceCents: 899, membershipPriceCents: 850 }, { mode: "percent", percent: 500 }, "all", "none"),
    ).toEqual({
      retailPriceCents: 5994,
      priceCents: 5394,
      membershipPriceCents: 5100,
    });
    expect(changePrices({ retailPriceCents: 0, priceCents: 0, membershipPriceCents: null }, ten, "all", "ending99")).toEqual({
      retailPriceCents: 0,
      priceCents: 0,
      membershipPriceCents: null,
    });
  });

  it("moves only the sale price when asked, capped at the regular price", () => {
    expect(
      changePrices(
        { retailPriceCents: 2000, priceCents: 1500, membershipPriceCents: 1400 },
        { mode: "percent", percent: 50 },
        "sale",
        "none",
      ),
    ).toEqual({
      retailPriceCents: 2000,
      priceCents: 2000,
      membershipPriceCents: 1400,
    });
  });

  it("refuses (null) a price that would fall under 0,01", () => {
    expect(
      changePrices(
        { retailPriceCents: 300, priceCents: 300, membershipPriceCents: null },
        { mode: "amount", cents: -300 },
        "all",
        "ending99",
      ),
    ).toBeNull();
    expect(
      changePrices({ retailPriceCents: 1, priceCents: 1, membershipPriceCents: null }, { mode: "percent", percent: -90 }, "all", "none"),
    ).toBeNull();
    expect(
      changePrices({ retailPriceCents: 301, priceCents: 301, membershipPriceCents: null }, { mode: "amount", cents: -300 }, "all", "none"),
    ).toEqual({
      retailPriceCents: 1,
      priceCents: 1,
      membershipPriceCents: null,
    });
  });
});

describe("priceChangeOf", () => {
  it("reads a percentage or an amount as typed, refusing 0 and out-of-range values", () => {
    expect(priceChangeOf({ mode: "percent", value: "12,5" })).toEqual({ mode: "percent", percent: 12.5 });
    expect(priceChangeOf({ mode: "percent", value: "−10" })).toEqual({ mode: "percent", percent: -10 });
    expect(priceChangeOf({ mode: "amount", value: "-1,50" })).toEqual({ mode: "amount", cents: -150 });
    expect(priceChangeOf({ mode: "amount", value: "+2" })).toEqual({ mode: "amount", cents: 200 });
    for (const value of ["0", "-95", "501", "1,234", "abc", "1.2.3"]) expect(priceChangeOf({ mode: "percent", value }), value).toBeNull();
    expect(priceChangeOf({ mode: "amount", value: "10000" })).toBeNull();
  });
});
