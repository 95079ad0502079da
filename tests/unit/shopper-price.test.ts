import { describe, expect, it } from "vitest";
import { computeTotals, type TotalsLine } from "~/modules/cart/cart-totals";
import { productWithGroupPrices, withGroupPrice, productPrices, type ProductDetail } from "~/modules/catalog/product-view";
import { bpToPercent, groupDisplayPrice, groupOffer, percentToBp, shopperUnitPrice, type PriceGroup } from "~/lib/shopper-price";

/**
 * The one price rule of a shopper (decision 0107): catalogue, membership (with a card) and
 * customer group offers, the lowest wins; a group's fixed price replaces its percentage, a
 * variant's fixed price comes before its main product's.
 */
const group = (over: Partial<PriceGroup> = {}): PriceGroup => ({ id: 1, discountBp: 1000, prices: {}, ...over });

describe("groupOffer", () => {
  it("takes the group's percentage off the price, rounded to the cent", () => {
    expect(groupOffer(1000, [1], group())).toBe(900);
    expect(groupOffer(999, [1], group({ discountBp: 1250 }))).toBe(874); // 874.125
    expect(groupOffer(3490, [1], group({ discountBp: 9000 }))).toBe(349);
  });

  it("uses a fixed price instead of the percentage, the variant's before the main product's", () => {
    const fixed = group({ prices: { 1: 700, 2: 650 } });
    expect(groupOffer(1000, [1], fixed)).toBe(700);
    expect(groupOffer(1000, [1, 2], fixed)).toBe(650);
    expect(groupOffer(1000, [1, 3], fixed)).toBe(700);
    expect(groupOffer(1000, [4], fixed)).toBe(900);
  });

  it("offers nothing without a group or with 0 % and no fixed price", () => {
    expect(groupOffer(1000, [1], null)).toBeNull();
    expect(groupOffer(1000, [1], group({ discountBp: 0 }))).toBeNull();
    expect(groupOffer(1000, [1], group({ discountBp: 0, prices: { 1: 800 } }))).toBe(800);
  });
});

describe("shopperUnitPrice: the lowest offer wins", () => {
  it("is the catalogue price without card or group", () => {
    expect(shopperUnitPrice({ priceCents: 1000, membershipCents: 800 }, false)).toEqual({ unitCents: 1000, source: "catalogue" });
  });

  it("takes the membership price with a card, the group price when lower still, and never more than the catalogue price", () => {
    expect(shopperUnitPrice({ priceCents: 1000, membershipCents: 800, groupCents: 900 }, true)).toEqual({
      unitCents: 800,
      source: "membership",
    });
    expect(shopperUnitPrice({ priceCents: 1000, membershipCents: 800, groupCents: 750 }, true)).toEqual({
      unitCents: 750,
      source: "group",
    });
    // Without the card the membership price does not count.
    expect(shopperUnitPrice({ priceCents: 1000, membershipCents: 700, groupCents: 900 }, false)).toEqual({
      unitCents: 900,
      source: "group",
    });
    // A fixed group price above the catalogue price never raises it.
    expect(shopperUnitPrice({ priceCents: 1000, membershipCents: null, groupCents: 1200 }, false)).toEqual({
      unitCents: 1000,
      source: "catalogue",
    });
  });

  it("groupDisplayPrice is the group's price only when it is lower", () => {
    expect(groupDisplayPrice(1000, [1], group())).toBe(900);
    expect(groupDisplayPrice(1000, [1], group({ prices: { 1: 1100 } }))).toBeNull();
    expect(groupDisplayPrice(1000, [1], null)).toBeNull();
  });
});

describe("the cart's totals with a group offer", () => {
  const line = (over: Partial<TotalsLine>): TotalsLine => ({
    itemId: "a",
    productIds: [1],
    quantity: 2,
    priceCents: 1000,
    membershipCents: null,
    taxRateBp: 2500,
    ...over,
  });
  const totals = (lines: TotalsLine[], membership = false, vatCharged = true) =>
    computeTotals({
      lines,
      membership,
      coupon: null,
      delivery: null,
      freeDeliveryCents: null,
      loyaltyCents: 0,
      now: new Date(),
      vatCharged,
    });

  it("charges the group's price and says so; the coupon-free sums and VAT follow it", () => {
    const result = totals([line({ groupCents: 900 }), line({ itemId: "b", membershipCents: 800, groupCents: 950 })], true);
    expect(result.lines.map((l) => [l.unitCents, l.priceSource, l.membershipApplied])).toEqual([
      [900, "group", false],
      [800, "membership", true],
    ]);
    expect(result.itemsTotal).toBe(3400);
    expect(result.tax).toBe(680);
  });

  it("nets the group's price where no VAT is charged", () => {
    const result = totals([line({ quantity: 1, groupCents: 1250, priceCents: 2500 })], false, false);
    expect(result.lines[0]).toMatchObject({ unitCents: 1000, priceSource: "group", taxRateBp: 0 });
  });
});

describe("the product page's prices for a group customer", () => {
  it("puts the group price as the final price, keeps the catalogue price to strike through, recomputes VAT", () => {
    const prices = productPrices({ retail: 1200, price: 1000, membership: 800, taxRateBp: 2500 });
    const mine = withGroupPrice(prices, [1], group());
    expect(mine).toMatchObject({
      finalCents: 900,
      catalogueCents: 1000,
      taxCents: 180,
      basicCents: 720,
      discountPercent: 0,
      membershipCents: 800,
    });
    expect(withGroupPrice(prices, [1], null)).toBe(prices);
  });

  it("prices each variant by its own fixed price and the 'from' price by the lowest", () => {
    const variant = (id: number, price: number) => ({
      id,
      prices: productPrices({ retail: price, price, membership: null, taxRateBp: 2500 }),
    });
    const product = {
      id: 1,
      prices: productPrices({ retail: 1000, price: 1000, membership: null, taxRateBp: 2500 }),
      configuration: { associatedProductsAttributes: [], associatedProducts: [variant(2, 1000), variant(3, 2000)] },
      fromCents: 1000,
    } as unknown as ProductDetail;
    const mine = productWithGroupPrices(product, group({ prices: { 3: 500 } }));
    expect(mine.configuration!.associatedProducts.map((v) => v.prices.finalCents)).toEqual([900, 500]);
    expect(mine.fromCents).toBe(500);
  });
});

describe("the owner's percentage", () => {
  it("reads 0–90, whole or one decimal, comma or point", () => {
    expect(["0", "10", "12,5", "12.5", "90"].map(percentToBp)).toEqual([0, 1000, 1250, 1250, 9000]);
    expect(["90,5", "100", "-1", "1,25", "abc", ""].map(percentToBp)).toEqual([null, null, null, null, null, null]);
    expect(bpToPercent(1250)).toBe("12,5");
    expect(bpToPercent(1000)).toBe("10");
  });
});
