import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTotals, rowTotal, shareOut, type TotalsCoupon, type TotalsInput, type TotalsLine } from "~/modules/cart/cart-totals";
import { cartQuantity } from "~/modules/cart/cart.schema";

/**
 * The totals engine (decision 0006; spec §3 Cart prices.converted): table tests of each
 * rule, then properties of the sums checked with fast-check over generated carts (a
 * failure is shrunk to the smallest cart that breaks them and printed with its seed).
 */
const NOW = new Date("2026-06-01T12:00:00Z");
const line = (over: Partial<TotalsLine> = {}): TotalsLine => ({
  itemId: "a",
  productIds: [1],
  quantity: 1,
  priceCents: 1000,
  membershipCents: null,
  taxRateBp: 2500,
  ...over,
});
const coupon = (over: Partial<TotalsCoupon> = {}): TotalsCoupon => ({
  code: "C",
  type: "percent",
  value: 10,
  minCartCents: 0,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  usedCount: 0,
  perCustomerLimit: null,
  productIds: [],
  active: true,
  ...over,
});
const totals = (over: Partial<TotalsInput>) =>
  computeTotals({
    lines: [],
    membership: false,
    coupon: null,
    delivery: null,
    freeDeliveryCents: null,
    loyaltyCents: 0,
    now: NOW,
    ...over,
  });

describe("per running metre (decision 0028): unit price × length in metres × quantity, rounded per line", () => {
  it("charges a 7 m sheet as 7 metres, not as one", () => {
    const t = totals({ lines: [line({ priceCents: 1450, lengthMm: 7000 })] });
    expect(t.itemsTotal).toBe(10150);
    expect(t.lines[0]).toMatchObject({ unitCents: 1450, lengthMm: 7000, rowCents: 10150 });
    expect(totals({ lines: [line({ priceCents: 1450, lengthMm: 7000, quantity: 3 })] }).itemsTotal).toBe(30450);
  });

  it("rounds half up to the cent once per line, not per metre or per piece", () => {
    // 14,50 × 2,345 m × 3 = 102,0075 → 102,01 (per piece first: 34,0025 → 34,00 × 3 = 102,00)
    expect(rowTotal(1450, 3, 2345)).toBe(10201);
    // 0,01 × 0,27 m = 0,0027 → 0,00; 12,35 × 0,27 m = 3,3345 → 3,33; 0,50 × 0,001 m × 999 = 0,4995 → 0,50
    expect(rowTotal(1, 1, 270)).toBe(0);
    expect(rowTotal(1235, 1, 270)).toBe(333);
    expect(rowTotal(50, 999, 1)).toBe(50);
    expect(rowTotal(1450, 2)).toBe(2900);
  });

  it("uses the membership price per metre with a member card", () => {
    const t = totals({ lines: [line({ priceCents: 1450, membershipCents: 1350, lengthMm: 7000 })], membership: true });
    expect(t.itemsTotal).toBe(9450);
  });

  it("applies a coupon scoped to the product to the per-metre line total (demo LIM15: 15 %)", () => {
    const lines = [
      line({ productIds: [5], priceCents: 1450, lengthMm: 7000, quantity: 2 }),
      line({ itemId: "b", productIds: [6], priceCents: 1000 }),
    ];
    const t = totals({ lines, coupon: coupon({ code: "LIM15", value: 15, productIds: [5] }) });
    expect(t.itemsTotal).toBe(20300 + 1000);
    expect(t.coupon).toBe(3045); // 15 % of 203,00
    expect(t.cartTotal).toBe(21300 - 3045);
  });
});

describe("computeTotals: the rules", () => {
  it("sums rows and shows the 25 % VAT part of a VAT-inclusive price", () => {
    const t = totals({ lines: [line({ quantity: 2, priceCents: 3490 })] });
    expect(t).toMatchObject({ itemsTotal: 6980, coupon: 0, loyalty: 0, cartTotal: 6980, delivery: 0, orderTotal: 6980, tax: 1396 });
  });

  it("uses a product's own VAT rate", () => {
    expect(totals({ lines: [line({ priceCents: 1130, taxRateBp: 1300 })] }).tax).toBe(130);
  });

  it("charges the membership price only with a member card, and never more than the price", () => {
    const lines = [
      line({ quantity: 2, priceCents: 3490, membershipCents: 3290 }),
      line({ itemId: "b", priceCents: 500, membershipCents: 600 }),
    ];
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
    ["used up by this customer", coupon({ perCustomerLimit: 1, customerUses: 1 }), 0, "customerUsedUp"],
    ["under the customer's limit", coupon({ perCustomerLimit: 2, customerUses: 1 }), 698, null],
    ["per-customer limit, customer not known yet", coupon({ perCustomerLimit: 1, customerUses: null }), 698, null],
    ["total limit before the customer's", coupon({ usageLimit: 1, usedCount: 1, perCustomerLimit: 1, customerUses: 1 }), 0, "usedUp"],
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

  it("compares the free-delivery limit with the items total after the coupon, loyalty aside, and says what is left", () => {
    const delivery = { priceCents: 2500, taxRateBp: 2500 };
    const lines = [line({ priceCents: 32_000 })];
    // 320,00 − 10 % = 288,00 after the coupon: below 300,00, 12,00 left, delivery charged.
    expect(totals({ lines, delivery, freeDeliveryCents: 30_000, coupon: coupon({ value: 10 }) })).toMatchObject({
      freeDelivery: false,
      freeDeliveryLeft: 1200,
      delivery: 2500,
    });
    // 320,00 with a 30,00 loyalty discount: the items total after the coupon is still 320,00.
    expect(totals({ lines, delivery, freeDeliveryCents: 30_000, loyaltyCents: 3000 })).toMatchObject({
      freeDelivery: true,
      freeDeliveryLeft: 0,
      delivery: 0,
    });
    expect(totals({ lines, delivery, freeDeliveryCents: null }).freeDeliveryLeft).toBe(0);
  });

  it("keeps a loyalty line, zero or capped at what is left", () => {
    expect(totals({ lines: [line()] }).loyalty).toBe(0);
    expect(totals({ lines: [line()], loyaltyCents: 300 })).toMatchObject({ loyalty: 300, orderTotal: 700 });
    expect(totals({ lines: [line()], coupon: coupon({ type: "fixed", value: 800 }), loyaltyCents: 500 })).toMatchObject({
      loyalty: 200,
      orderTotal: 0,
      tax: 0,
    });
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
  const lineArb = fc.integer({ min: 0, max: 200_000 }).chain((price) =>
    fc.record({
      productId: fc.integer({ min: 1, max: 5 }),
      quantity: fc.integer({ min: 1, max: 999 }),
      priceCents: fc.constant(price),
      membershipCents: fc.option(fc.integer({ min: 0, max: price + 500 })),
      taxRateBp: fc.constantFrom(2500, 1300, 500, 0),
    }),
  );
  const couponArb = fc.option(
    fc.record({
      type: fc.constantFrom("percent" as const, "fixed" as const),
      value: fc.integer({ min: 1, max: 100 }),
      minCartCents: fc.integer({ min: 0, max: 50_000 }),
      productIds: fc.oneof(
        fc.constant([] as number[]),
        fc.integer({ min: 1, max: 5 }).map((id) => [id]),
      ),
    }),
  );
  const inputArb = fc.record({
    lines: fc.array(lineArb, { maxLength: 6 }),
    membership: fc.boolean(),
    coupon: couponArb,
    delivery: fc.option(fc.record({ priceCents: fc.integer({ min: 0, max: 5000 }), taxRateBp: fc.constant(2500) })),
    freeDeliveryCents: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
    loyaltyCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
  });

  it("orderTotal = itemsTotal − coupon − loyalty + delivery, never negative; tax within it and per rate consistent", () => {
    fc.assert(
      fc.property(inputArb, (generated) => {
        const lines = generated.lines.map(({ productId, ...rest }, i) => line({ itemId: String(i), productIds: [productId], ...rest }));
        const input: TotalsInput = {
          ...generated,
          lines,
          coupon: generated.coupon ? coupon(generated.coupon) : null,
          now: NOW,
        };
        const t = computeTotals(input);
        expect(t.itemsTotal).toBe(t.lines.reduce((s, l) => s + l.rowCents, 0));
        expect(t.orderTotal).toBe(t.itemsTotal - t.coupon - t.loyalty + t.delivery);
        expect(t.cartTotal).toBe(t.itemsTotal - t.coupon - t.loyalty);
        for (const v of [t.coupon, t.loyalty, t.cartTotal, t.delivery, t.orderTotal, t.tax]) expect(v).toBeGreaterThanOrEqual(0);
        for (const v of Object.values(t).filter((x) => typeof x === "number")) expect(Number.isInteger(v)).toBe(true);
        expect(t.coupon + t.loyalty).toBeLessThanOrEqual(t.itemsTotal);
        // VAT is part of the price: at most a 25 % rate's share of the total (20 %), and zero on a free cart.
        expect(t.tax).toBeLessThanOrEqual(Math.round(t.orderTotal * 0.2) + lines.length + 1);
        if (t.orderTotal === 0) expect(t.tax).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("quantity (spec §5)", () => {
  it.each([
    ["1", 1],
    ["999", 999],
    [" 12 ", 12],
    ["0", null],
    ["-1", null],
    ["1000", null],
    ["1.5", null],
    ["abc", null],
    ["", null],
  ])("%j → %j", (raw, expected) => {
    const parsed = cartQuantity.safeParse(raw);
    expect(parsed.success ? parsed.data : null).toBe(expected);
  });
});
