import { describe, expect, it } from "vitest";
import { DEFAULT_LOW_STOCK_THRESHOLD, LOW_STOCK_OPTION, lowStockThreshold } from "~/modules/kernel/options";

describe("the LowStockThreshold option (decision 0037)", () => {
  it("reads a whole number of at least 0, else the default of 5", () => {
    expect(DEFAULT_LOW_STOCK_THRESHOLD).toBe(5);
    expect(lowStockThreshold({ [LOW_STOCK_OPTION]: 10 })).toBe(10);
    expect(lowStockThreshold({ [LOW_STOCK_OPTION]: 0 })).toBe(0);
    expect(lowStockThreshold({})).toBe(5);
    expect(lowStockThreshold({ [LOW_STOCK_OPTION]: -1 })).toBe(5);
    expect(lowStockThreshold({ [LOW_STOCK_OPTION]: 2.5 })).toBe(5);
    expect(lowStockThreshold({ [LOW_STOCK_OPTION]: "3" })).toBe(5);
  });
});
