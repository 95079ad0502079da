import { createCookie, type Cookie } from "@remix-run/node";
import { parse as parseCookieHeader, serialize } from "cookie";
import { isLocale, type Locale } from "~/lib/locales";
import { COOKIE_CATEGORIES, parseAcceptedCookies, type CookieCategory } from "~/lib/cookie-consent";
import { env, isProduction } from "./env.server";

/** Spec §9: default cookie max age 30 days; locale cookie 365 days. */
export const DEFAULT_COOKIE_MAX_AGE = 2_592_000;
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** One cookie of the request (the `cookie` package parses and decodes the header). */
export function readCookie(request: Request, name: string): string | null {
  return readCookieHeader(request.headers.get("Cookie"))[name] ?? null;
}

/** Every cookie of a Cookie header by name. */
export function readCookieHeader(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookieHeader(header) : {};
}

export function serializeCookie(
  name: string,
  value: string,
  { maxAge = DEFAULT_COOKIE_MAX_AGE, httpOnly = false }: { maxAge?: number; httpOnly?: boolean } = {},
): string {
  return serialize(name, value, { path: "/", maxAge, sameSite: "lax", httpOnly, secure: isProduction });
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

/** Where the shop runs: a production build behind an https public address gets `__Host-` cookies. */
export type CookieSite = { production: boolean; publicUrl: string };
const THIS_SITE: CookieSite = { production: isProduction, publicUrl: env.PUBLIC_URL };

/**
 * The name of a cookie that carries a secret (the session id, the CSRF token). In production
 * over https it is `__Host-<name>`: the browser then keeps it only when it is Secure, has
 * Path=/ and no Domain, so no sibling host or http page can plant or overwrite it (ASVS
 * 3.4.4, decision 0085). Over plain http (development, tests, a production build tried on
 * localhost) the browser would refuse such a name, so the plain name stays.
 */
export function secretCookieName(name: string, site: CookieSite = THIS_SITE): string {
  const hostOnly = site.production && site.publicUrl.startsWith("https:");
  return hostOnly ? `__Host-${name.replace(/^_+/, "")}` : name;
}

/**
 * The one factory of the cookies that carry a secret: HttpOnly, SameSite=Lax, Path=/,
 * never a Domain, Secure in production, signed with the session secrets.
 */
export function createSecretCookie(name: string, { maxAge, site = THIS_SITE }: { maxAge?: number; site?: CookieSite } = {}): Cookie {
  return createCookie(secretCookieName(name, site), {
    httpOnly: true,
    sameSite: "lax",
    secure: site.production,
    path: "/",
    maxAge,
    secrets: env.SESSION_SECRETS,
  });
}
