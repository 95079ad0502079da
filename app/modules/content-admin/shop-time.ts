import { SHOP_TIME_ZONE } from "~/lib/format";

/**
 * Dates and times as the editor types them (`<input type="datetime-local">`, "2026-12-01T18:30")
 * read and shown as the shop's wall clock (Europe/Zagreb, summer time included), whatever
 * time zone the server runs in.
 */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function wallClock(at: Date) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: SHOP_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute") };
}

export function isLocalDateTime(value: string): boolean {
  return LOCAL_DATE_TIME.test(value) && !Number.isNaN(Date.parse(`${value}:00Z`));
}

/** The instant of a shop wall-clock time "YYYY-MM-DDTHH:mm". */
export function fromShopTime(value: string): Date {
  const guess = Date.parse(`${value}:00Z`);
  const seen = wallClock(new Date(guess));
  const offset = Date.parse(`${seen.year}-${seen.month}-${seen.day}T${seen.hour}:${seen.minute}:00Z`) - guess;
  return new Date(guess - offset);
}

/** An instant as the shop's wall clock, for a datetime-local field. */
export function toShopTime(at: Date | null): string {
  if (!at) return "";
  const c = wallClock(at);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}`;
}
