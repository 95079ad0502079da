import { isLocale, type Locale } from "~/lib/locales";
import { COOKIE_CATEGORIES, parseAcceptedCookies, type CookieCategory } from "~/lib/cookie-consent";
import { isProduction } from "./env.server";

/** Spec §9: default cookie max age 30 days; locale cookie 365 days. */
export const DEFAULT_COOKIE_MAX_AGE = 2_592_000;
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function serializeCookie(
  name: string,
  value: string,
  { maxAge = DEFAULT_COOKIE_MAX_AGE, httpOnly = false }: { maxAge?: number; httpOnly?: boolean } = {},
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", `Max-Age=${maxAge}`, "SameSite=Lax"];
  if (httpOnly) parts.push("HttpOnly");
  if (isProduction) parts.push("Secure");
  return parts.join("; ");
}

/** The language the visitor last used (cookie "lng"); used to notice a language switch. */
export function readLocaleCookie(request: Request): Locale | null {
  const value = readCookie(request, "lng");
  return isLocale(value) ? value : null;
}

export function localeCookie(locale: Locale): string {
  return serializeCookie("lng", locale, { maxAge: LOCALE_COOKIE_MAX_AGE });
}

/** Accepted cookie categories, or null when the visitor has not answered the banner yet. */
export function readAcceptedCookies(request: Request): CookieCategory[] | null {
  const raw = readCookie(request, "acceptedCookies");
  return raw === null ? null : parseAcceptedCookies(raw);
}

export function acceptedCookiesCookie(categories: CookieCategory[]): string {
  const value = COOKIE_CATEGORIES.filter((c) => c === "necessary" || categories.includes(c)).join(",");
  return serializeCookie("acceptedCookies", value);
}
