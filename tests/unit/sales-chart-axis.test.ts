import { describe, expect, it } from "vitest";
import { valueAxis } from "~/components/admin/sales-chart";

describe("the sales chart's value axis", () => {
  it("ends at a round amount at or above the best day, with round steps", () => {
    expect(valueAxis(0)).toEqual({ top: 1_000, ticks: 5 });
    expect(valueAxis(44_050)).toEqual({ top: 50_000, ticks: 5 });
    expect(valueAxis(15_000)).toEqual({ top: 20_000, ticks: 4 });
    expect(valueAxis(20_001)).toEqual({ top: 25_000, ticks: 5 });
    expect(valueAxis(100_000)).toEqual({ top: 100_000, ticks: 5 });
    expect(valueAxis(123_456_789)).toEqual({ top: 200_000_000, ticks: 4 });
  });
});
