import { SHOP_TIME_ZONE } from "~/lib/format";

/**
 * Days as the shop lives them (Europe/Zagreb, summer time included): a date filter
 * "from 2026-11-01 to 2026-11-30" and the dashboard's "today" and "this month" start and
 * end at local midnight, not at UTC midnight.
 */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The instant the shop's day `isoDay` (YYYY-MM-DD) begins. */
export function shopDayStart(isoDay: string): Date {
  const utcMidnight = new Date(`${isoDay}T00:00:00Z`);
  // The zone's offset at that moment (close enough: offsets change at 02:00/03:00, never at midnight).
  return new Date(utcMidnight.getTime() - zoneOffsetMinutes(utcMidnight) * 60_000);
}

/** The instant after the shop's day `isoDay` ends (the next day's start). */
export function shopDayEnd(isoDay: string): Date {
  const next = new Date(`${isoDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return shopDayStart(next.toISOString().slice(0, 10));
}

/** The shop's calendar day (YYYY-MM-DD) of an instant. */
export function shopDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

function zoneOffsetMinutes(at: Date): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: SHOP_TIME_ZONE, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}
