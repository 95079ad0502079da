import { href, parseRouteId, ROUTES, type RouteParams } from "./routes-table";
import { LOCALES, localePrefix, type Locale } from "./locales";

type Match = { id: string; params: RouteParams; data?: unknown };

/**
 * The same page in every language, for the language switch and hreflang links. A page
 * whose loader knows translated slugs returns `alternates` ({hr,en,de} → path); other
 * routes map through the route table with the same parameters. Query strings are kept.
 */
export function alternatePaths(matches: Match[], search = ""): Record<Locale, string> | null {
  const leaf = matches[matches.length - 1];
  if (!leaf) return null;
  const own = (leaf.data as { alternates?: Partial<Record<Locale, string>> } | undefined)?.alternates;
  const parsed = parseRouteId(leaf.id);
  const result = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    let path = own?.[locale];
    if (!path && parsed) path = href(parsed.key, locale, leaf.params);
    if (!path && leaf.id.endsWith(":notFound")) {
      const rest = leaf.params["*"] ?? "";
      path = `${localePrefix(locale)}/${rest}`;
    }
    result[locale] = (path ?? (localePrefix(locale) || "/")) + search;
  }
  return result;
}

export function isKnownRoute(key: string): key is keyof typeof ROUTES {
  return key in ROUTES;
}
