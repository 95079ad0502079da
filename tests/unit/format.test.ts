import { describe, expect, it } from "vitest";
import { SHOP_TIME_ZONE, formatDate, formatNumber, formatPercent, formatPrice } from "~/lib/format";

const EUR = { label: "EUR", symbol: "€" };
const NBSP = "\u00a0";

describe("one formatter for dates, numbers and money per locale", () => {
  it("prints a moment near midnight UTC on the shop's (Zagreb) calendar day", () => {
    expect(SHOP_TIME_ZONE).toBe("Europe/Zagreb");
    // 23:30 UTC on 23 November is 00:30 on 24 November in Zagreb (CET, UTC+1).
    const lateWinter = "2026-11-23T23:30:00Z";
    expect(formatDate(lateWinter, "hr", { style: "numeric" })).toBe("24. 11. 2026.");
    expect(formatDate(lateWinter, "en", { style: "numeric" })).toBe("24/11/2026");
    expect(formatDate(lateWinter, "de", { style: "numeric" })).toBe("24.11.2026");
    expect(formatDate(lateWinter, "hr", { style: "dayMonth" })).toBe("24. 11.");
    expect(formatDate(lateWinter, "de", { style: "dayMonth" })).toBe("24.11.");
    expect(formatDate(lateWinter, "en")).toBe("24 November 2026");
    // In summer Zagreb is UTC+2: 22:15 UTC on 30 June is 00:15 on 1 July.
    expect(formatDate(new Date("2026-06-30T22:15:00Z"), "de")).toBe("1. Juli 2026");
    expect(formatDate("2026-06-30T22:15:00Z", "hr", { style: "numeric", time: "short" })).toBe("01. 07. 2026. 00:15");
    // A calendar date stored without a zone stays that date when asked for UTC.
    expect(formatDate("2026-11-23", "en", { style: "medium", timeZone: "UTC" })).toBe("23 Nov 2026");
  });

  it("writes money in the hr, en and de ways", () => {
    expect(formatPrice(123450, EUR, "hr")).toBe(`1.234,50${NBSP}EUR`);
    expect(formatPrice(123450, EUR, "en")).toBe(`1,234.50${NBSP}EUR`);
    expect(formatPrice(123450, EUR, "de")).toBe(`1.234,50${NBSP}EUR`);
    expect(formatPrice(5, EUR, "hr", { symbol: true })).toBe(`0,05${NBSP}€`);
    expect(formatPrice(-2500, EUR, "en")).toBe(`-25.00${NBSP}EUR`);
  });

  it("writes numbers and percentages per locale", () => {
    expect(formatNumber(1234.5678, "hr")).toBe("1.234,568");
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(4.5, "de", { maximumFractionDigits: 0 })).toBe("5");
    expect(formatPercent(2500, "hr")).toBe(`25${NBSP}%`);
    expect(formatPercent(550, "hr")).toBe(`5,5${NBSP}%`);
    expect(formatPercent(550, "en")).toBe(`5.5${NBSP}%`);
  });
});
