import { localeCookie, readLocaleCookie } from "~/.server/cookies.server";
import { localeFromPath, type Locale } from "~/lib/locales";

/**
 * The interface language of a request: the URL prefix for the site, the last used
 * language for the unprefixed admin pages. When it differs from the locale cookie the
 * visitor switched language: the cookie is renewed for 365 days (spec §9) and
 * `switched` lets the cart clear its session as spec §4 asks.
 */
export function requestLocale(request: Request): { locale: Locale; switched: boolean; setCookie: string | null } {
  const { pathname } = new URL(request.url);
  const remembered = readLocaleCookie(request);
  if (pathname.startsWith("/admin")) return { locale: remembered ?? "hr", switched: false, setCookie: null };
  const locale = localeFromPath(pathname);
  if (remembered === locale) return { locale, switched: false, setCookie: null };
  return { locale, switched: remembered !== null, setCookie: localeCookie(locale) };
}
