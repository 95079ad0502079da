import { describe, expect, it } from "vitest";
import { fromShopTime, isLocalDateTime, toShopTime } from "~/modules/content-admin/shop-time";

/** Event and publish times are typed as the shop's wall clock (Europe/Zagreb), summer and winter time. */
describe("shop wall-clock times", () => {
  it("read a winter and a summer time as Zagreb time", () => {
    expect(fromShopTime("2026-01-15T18:30").toISOString()).toBe("2026-01-15T17:30:00.000Z");
    expect(fromShopTime("2026-07-15T18:30").toISOString()).toBe("2026-07-15T16:30:00.000Z");
  });

  it("show an instant as the Zagreb wall clock, round trip", () => {
    expect(toShopTime(new Date("2026-07-15T16:30:00Z"))).toBe("2026-07-15T18:30");
    expect(toShopTime(fromShopTime("2026-03-29T12:00"))).toBe("2026-03-29T12:00");
    expect(toShopTime(null)).toBe("");
  });

  it("accept only YYYY-MM-DDTHH:mm", () => {
    expect(isLocalDateTime("2026-07-15T18:30")).toBe(true);
    expect(isLocalDateTime("2026-07-15 18:30")).toBe(false);
    expect(isLocalDateTime("2026-13-45T18:30")).toBe(false);
  });
});
