import { describe, expect, it } from "vitest";
import { computeTotals, shareOut, type TotalsCoupon, type TotalsInput, type TotalsLine } from "~/modules/cart/cart-totals";
import { parseQuantityText } from "~/modules/cart/cart-form";

/**
 * The totals engine (issue 4 item 5; spec §3 Cart prices.converted): table tests of each
 * rule, then the sums checked over many generated carts. fast-check is not installed, so
 * the generated carts come from a small seeded generator: the same 2,000 carts every run.
 */
const NOW = new Date("2026-06-01T12:00:00Z");
const line = (over: Partial<TotalsLine> = {}): TotalsLine => ({
  itemId: "a", productIds: [1], quantity: 1, priceCents: 1000, membershipCents: null, taxRateBp: 2500, ...over,
});
const coupon = (over: Partial<TotalsCoupon> = {}): TotalsCoupon => ({
  code: "C", type: "percent", value: 10, minCartCents: 0, validFrom: null, validTo: null, usageLimit: null, usedCount: 0, productIds: [], active: true, ...over,
});
const totals = (over: Partial<TotalsInput>) =>
  computeTotals({ lines: [], membership: false, coupon: null, delivery: null, freeDeliveryCents: null, loyaltyCents: 0, now: NOW, ...over });

describe("computeTotals: the rules", () => {
  it("sums rows and shows the 25 % VAT part of a VAT-inclusive price", () => {
    const t = totals({ lines: [line({ quantity: 2, priceCents: 3490 })] });
    expect(t).toMatchObject({ itemsTotal: 6980, coupon: 0, loyalty: 0, cartTotal: 6980, delivery: 0, orderTotal: 6980, tax: 1396 });
  });

  it("uses a product's own VAT rate", () => {
    expect(totals({ lines: [line({ priceCents: 1130, taxRateBp: 1300 })] }).tax).toBe(130);
  });

  it("charges the membership price only with a member card, and never more than the price", () => {
    const lines = [line({ quantity: 2, priceCents: 3490, membershipCents: 3290 }), line({ itemId: "b", priceCents: 500, membershipCents: 600 })];
    expect(totals({ lines }).itemsTotal).toBe(7480);
    const member = totals({ lines, membership: true });
    expect(member.itemsTotal).toBe(7080);
    expect(member.lines.map((l) => l.membershipApplied)).toEqual([true, false]);
  });

  it.each([
    ["percent", coupon({ value: 10 }), 698, null],
    ["fixed", coupon({ type: "fixed", value: 500 }), 500, null],
    ["fixed above the cart", coupon({ type: "fixed", value: 100_000 }), 6980, null],
    ["below the minimum", coupon({ minCartCents: 7000 }), 0, "minCartValue"],
    ["not yet valid", coupon({ validFrom: new Date("2026-07-01") }), 0, "notValidNow"],
    ["expired", coupon({ validTo: new Date("2026-01-01") }), 0, "notValidNow"],
    ["used up", coupon({ usageLimit: 5, usedCount: 5 }), 0, "usedUp"],
    ["inactive", coupon({ active: false }), 0, "notFound"],
    ["for another product", coupon({ productIds: [99] }), 0, "noEligibleItems"],
  ] as const)("coupon %s", (_, c, discount, problem) => {
    const t = totals({ lines: [line({ quantity: 2, priceCents: 3490 })], coupon: c });
    expect([t.coupon, t.couponProblem]).toEqual([discount, problem]);
    expect(t.orderTotal).toBe(6980 - discount);
  });

  it("limits a product-scoped coupon to that product's rows (a variant matches its main product)", () => {
    const lines = [line({ productIds: [1, 11], priceCents: 2000 }), line({ itemId: "b", productIds: [2], priceCents: 5000 })];
    expect(totals({ lines, coupon: coupon({ value: 50, productIds: [1] }) }).coupon).toBe(1000);
    expect(totals({ lines, coupon: coupon({ type: "fixed", value: 3000, productIds: [11] }) }).coupon).toBe(2000);
  });

  it("charges delivery once a method is chosen, and not from the free-delivery limit", () => {
    const lines = [line({ priceCents: 10_000 })];
    const delivery = { priceCents: 2500, taxRateBp: 2500 };
    expect(totals({ lines }).delivery).toBe(0);
    expect(totals({ lines, delivery })).toMatchObject({ delivery: 2500, orderTotal: 12_500, tax: 2000 + 500 });
    expect(totals({ lines, delivery, freeDeliveryCents: 10_000 })).toMatchObject({ delivery: 0, freeDelivery: true, orderTotal: 10_000 });
    expect(totals({ lines: [], delivery }).orderTotal).toBe(0);
  });

  it("keeps a loyalty line, zero or capped at what is left", () => {
    expect(totals({ lines: [line()] }).loyalty).toBe(0);
    expect(totals({ lines: [line()], loyaltyCents: 300 })).toMatchObject({ loyalty: 300, orderTotal: 700 });
    expect(totals({ lines: [line()], coupon: coupon({ type: "fixed", value: 800 }), loyaltyCents: 500 })).toMatchObject({ loyalty: 200, orderTotal: 0, tax: 0 });
  });
});

describe("shareOut", () => {
  it.each([
    [100, [100, 100, 100], [34, 33, 33]],
    [2, [1, 1, 1], [1, 1, 0]],
    [10, [0, 5, 5], [0, 5, 5]],
    [50, [10, 20], [10, 20]],
    [0, [3], [0]],
  ])("shares %i over %j as %j", (amount, weights, parts) => {
    expect(shareOut(amount, weights)).toEqual(parts);
  });
});

describe("computeTotals: the sums hold for any cart", () => {
  // mulberry32: a tiny seeded generator, so a failure is reproducible.
  function generator(seed: number) {
    let a = seed;
    const next = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    return { int, pick: <T,>(xs: readonly T[]) => xs[int(0, xs.length - 1)] };
  }

  it("orderTotal = itemsTotal − coupon − loyalty + delivery, never negative; tax within it and per rate consistent", () => {
    const { int, pick } = generator(20_260_601);
    for (let run = 0; run < 2000; run++) {
      const lines = Array.from({ length: int(0, 6) }, (_, i) => {
        const price = int(0, 200_000);
        return line({
          itemId: String(i), productIds: [int(1, 5)], quantity: int(1, 999), priceCents: price,
          membershipCents: pick([null, int(0, price + 500)]), taxRateBp: pick([2500, 1300, 500, 0]),
        });
      });
      const input: TotalsInput = {
        lines,
        membership: pick([true, false]),
        coupon: pick([null, coupon({ type: pick(["percent", "fixed"] as const), value: int(1, 100), minCartCents: int(0, 50_000), productIds: pick([[], [int(1, 5)]]) })]),
        delivery: pick([null, { priceCents: int(0, 5000), taxRateBp: 2500 }]),
        freeDeliveryCents: pick([null, int(0, 1_000_000)]),
        loyaltyCents: pick([0, int(0, 100_000)]),
        now: NOW,
      };
      const t = computeTotals(input);
      const where = `run ${run}`;
      expect(t.itemsTotal, where).toBe(t.lines.reduce((s, l) => s + l.rowCents, 0));
      expect(t.orderTotal, where).toBe(t.itemsTotal - t.coupon - t.loyalty + t.delivery);
      expect(t.cartTotal, where).toBe(t.itemsTotal - t.coupon - t.loyalty);
      for (const v of [t.coupon, t.loyalty, t.cartTotal, t.delivery, t.orderTotal, t.tax]) expect(v, where).toBeGreaterThanOrEqual(0);
      for (const v of Object.values(t).filter((x) => typeof x === "number")) expect(Number.isInteger(v), where).toBe(true);
      expect(t.coupon + t.loyalty, where).toBeLessThanOrEqual(t.itemsTotal);
      // VAT is part of the price: at most a 25 % rate's share of the total (20 %), and zero on a free cart.
      expect(t.tax, where).toBeLessThanOrEqual(Math.round(t.orderTotal * 0.2) + lines.length + 1);
      if (t.orderTotal === 0) expect(t.tax, where).toBe(0);
    }
  });
});

describe("quantity (spec §5)", () => {
  it.each([["1", 1], ["999", 999], [" 12 ", 12], ["0", null], ["-1", null], ["1000", null], ["1.5", null], ["abc", null], ["", null]])("%j → %j", (raw, expected) => {
    expect(parseQuantityText(raw)).toBe(expected);
  });
});
