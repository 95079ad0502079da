import { describe, expect, it } from "vitest";
import { pageNumbers, pageInfo } from "~/lib/pagination";
import { formatPrice } from "~/lib/format";
import { discountPercent, taxPart } from "~/lib/prices";
import { resolveSort, sortOptionsFor, SORT_OPTIONS } from "~/lib/sort-options";

const EUR = { label: "EUR", symbol: "€" };

describe("prices (spec §9)", () => {
  it("shows two decimals and the currency label, or the symbol when asked", () => {
    expect(formatPrice(123450, EUR, "hr")).toBe("1.234,50\u00a0EUR");
    expect(formatPrice(990, EUR, "en")).toBe("9.90\u00a0EUR");
    expect(formatPrice(100000, EUR, "de", { symbol: true })).toBe("1.000,00\u00a0€");
  });

  it("rounds the discount percent: (retail − discounted) / retail × 100", () => {
    expect(discountPercent(10000, 7500)).toBe(25);
    expect(discountPercent(2999, 1999)).toBe(33); // 33.34 → 33
    expect(discountPercent(1999, 1299)).toBe(35); // 35.02 → 35
    expect(discountPercent(1000, 995)).toBe(1); // 0.5 → 1 (half rounds up)
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });

  it("finds the 25 % VAT contained in a gross price", () => {
    expect(taxPart(12500, 2500)).toBe(2500);
  });
});

describe("sort options (spec §9, §5)", () => {
  it("has the eight options with 1 newest first as default", () => {
    expect(SORT_OPTIONS.map((o) => [o.id, o.param, o.order])).toEqual([
      [1, "id", "desc"],
      [2, "id", "asc"],
      [3, "finalPrice", "asc"],
      [4, "finalPrice", "desc"],
      [5, "name", "asc"],
      [6, "name", "desc"],
      [7, "categoryPriority", "asc"],
      [8, "categoryPriority", "desc"],
    ]);
    expect(resolveSort(undefined, null).id).toBe(1);
  });

  it("restricts to the category's sortTypes and falls back to its default", () => {
    const category = { sortTypes: [3, 4, 5], sortDefaultType: 3 };
    expect(sortOptionsFor(category).map((o) => o.id)).toEqual([3, 4, 5]);
    expect(resolveSort("4", category).id).toBe(4);
    expect(resolveSort("1", category).id).toBe(3);
    expect(resolveSort("junk", category).id).toBe(3);
    expect(sortOptionsFor({ sortTypes: [] }).length).toBe(8);
  });
});

describe("pagination (spec §9)", () => {
  it("shows at most 9 numbers around the current page", () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageNumbers(10, 20)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(pageNumbers(20, 20)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it("clamps the page into range", () => {
    expect(pageInfo(5, 12, 30)).toEqual({ page: 3, perPage: 12, totalRecords: 30, totalPages: 3 });
    expect(pageInfo(0, 12, 0)).toEqual({ page: 1, perPage: 12, totalRecords: 0, totalPages: 1 });
  });
});
