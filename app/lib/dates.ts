import type { Locale } from "./locales";

const INTL_LOCALE: Record<Locale, string> = { hr: "hr-HR", en: "en-GB", de: "de-DE" };
// The shop's own time zone: the server and the browser format the same text (no hydration mismatch).
const TIME_ZONE = "Europe/Zagreb";

/** A date (and time) as the locale writes it: "23. studenoga 2026." / "23 November 2026" / "23. November 2026". */
export function formatDate(iso: string, locale: Locale, withTime = false): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: "long",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}
