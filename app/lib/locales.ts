/** Interface languages (spec §9): hr is the default and has no URL prefix. */
export const LOCALES = ["hr", "en", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "hr";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The URL prefix of a locale: "" for hr, "/en", "/de". */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** The locale a pathname is in, read from its first segment. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/**
 * The interface language of a request's path: the URL prefix on the site; the unprefixed
 * admin pages speak the language the user last chose (cookie "lng"), else Croatian. One
 * rule for the pages (requestLocale) and for what the HTTP layer answers before them (413).
 */
export function interfaceLocale(pathname: string, remembered: Locale | null): Locale {
  return pathname.startsWith("/admin") ? (remembered ?? DEFAULT_LOCALE) : localeFromPath(pathname);
}

/** Three-letter content language codes (spec §3 Language.code) of the interface locales. */
export const LOCALE_LANGUAGE_CODE: Record<Locale, string> = { hr: "hrv", en: "eng", de: "ger" };
