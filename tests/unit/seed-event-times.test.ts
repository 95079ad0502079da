import { describe, expect, it } from "vitest";
import { zagrebTime } from "~/.server/db/seed/blog.server";
import { EVENTS } from "~/.server/db/seed/data/blog";

const zagrebHour = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Zagreb", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

describe("demo events at sensible local times", () => {
  it("places the hour in Zagreb's winter (UTC+1) and summer (UTC+2) time", () => {
    expect(zagrebTime(new Date("2026-01-15T23:30:00Z"), 10).toISOString()).toBe("2026-01-16T09:00:00.000Z");
    expect(zagrebTime(new Date("2026-07-15T12:00:00Z"), 10).toISOString()).toBe("2026-07-15T08:00:00.000Z");
    // Whatever time of day the seed runs, the event is on the hour in Zagreb.
    for (const run of ["2026-03-01T00:00:00Z", "2026-03-01T13:47:12Z", "2026-10-25T22:59:00Z"])
      expect(zagrebHour(zagrebTime(new Date(run), 9))).toBe("09:00");
  });

  it("starts and ends every seeded event within business hours", () => {
    for (const event of EVENTS) {
      expect(event.startHour).toBeGreaterThanOrEqual(8);
      expect(event.startHour + event.hours).toBeLessThanOrEqual(20);
    }
  });
});
