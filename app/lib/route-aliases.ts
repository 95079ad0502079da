import { DEFAULT_LOCALE, type Locale } from "./locales";
import { ROUTE_FILES } from "./route-files";
import { ROUTES, ROUTE_KEYS, type RouteKey } from "./routes-table";

/**
 * The spec's spellings of a route (its aliases, e.g. "checkout/success") in a prefixed
 * language whose own path differs (de: "kasse/erfolg"). app/routes.ts serves them with
 * routes/storefront/locale-alias.ts, which redirects to the language's path (so the spec's own spellings keep
 * working). Unprefixed (hr) aliases are served by the route itself, as before.
 */
export function localeAliases(locale: Locale): { key: RouteKey; path: string }[] {
  if (locale === DEFAULT_LOCALE) return [];
  const own = new Set(ROUTE_KEYS.map((key) => ROUTES[key].paths[locale]));
  return ROUTE_KEYS.flatMap((key) => (ROUTE_FILES[key].aliases ?? []).filter((path) => !own.has(path)).map((path) => ({ key, path })));
}
