import { index, layout, prefix, route, type RouteConfig } from "@remix-run/route-config";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./lib/locales";
import { ROUTE_FILES, SERVICE_ROUTES } from "./lib/route-files";
import { localeAliases } from "./lib/route-aliases";
import { ROUTES, ROUTE_KEYS, routeId } from "./lib/routes-table";

/** The site routes of one locale, inside the main layout, built from app/lib/routes-table.ts. */
function siteRoutes(locale: Locale) {
  const children = ROUTE_KEYS.flatMap((key) => {
    const { file, aliases } = ROUTE_FILES[key];
    const routes = [route(ROUTES[key].paths[locale], file, { id: routeId(locale, key) })];
    if (locale === DEFAULT_LOCALE) {
      for (const alias of aliases ?? []) routes.unshift(route(alias, file, { id: routeId(locale, key, true) }));
    }
    return routes;
  });
  // A prefixed language's spec spellings that differ from its own paths redirect to them
  // (/de/checkout/success → /de/kasse/erfolg; app/lib/route-aliases.ts).
  const aliases = localeAliases(locale).map(({ key, path }) =>
    route(path, "routes/storefront/locale-alias.ts", { id: routeId(locale, key, true) }),
  );
  // Deeper unknown paths (/a/b) answer 404 inside the locale's layout.
  children.push(route("*", "routes/storefront/not-found.tsx", { id: `${locale}:notFound` }));
  return [...aliases, layout("routes/storefront/site-layout.tsx", { id: `${locale}:layout` }, children)];
}

export default [
  // Resource and service routes, the same in every language (app/lib/route-files.ts).
  ...SERVICE_ROUTES.map(({ path, file, children }) =>
    children
      ? route(
          path,
          file,
          children.map((child) => (child.path === undefined ? index(child.file) : route(child.path, child.file))),
        )
      : route(path, file),
  ),
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((locale) => prefix(locale, siteRoutes(locale))),
  ...siteRoutes(DEFAULT_LOCALE),
] satisfies RouteConfig;
