import { useLocation, useMatches, useRouteError } from "@remix-run/react";
import { alternatePaths } from "~/lib/alternates";
import { LOCALES, type Locale } from "~/lib/locales";
import { parseRouteId, type RouteKey } from "~/lib/routes-table";

const QUERY_PAGES = new Set<RouteKey>(["shop", "search", "blog"]);

/**
 * hreflang alternates and the canonical URL in the head of every page (so search engines know each
 * language's own address): the same paths the language switch offers (translated slugs where the
 * loader knows them, else the route table), absolute, with Croatian, the source language, as
 * x-default. Error pages get none: they must not be indexed under the asked URL.
 *
 * A loader that knows in which languages its content is written returns `translated`: only those
 * languages are alternates, and a page asked for in another language (Croatian text under /en)
 * names the Croatian page as its canonical, so untranslated copies are not indexed as English.
 */
export function HeadLinks({ origin, locale }: { origin: string; locale: Locale }) {
  const matches = useMatches();
  const { search } = useLocation();
  const error = useRouteError();
  const leaf = matches[matches.length - 1];
  if (error || !leaf || leaf.id.endsWith(":notFound")) return null;
  // Lists whose query is the content (filters, sort, page, search words: their loaders
  // redirect to one canonical query) keep it; elsewhere a query is a view of the same page
  // (a product's variant selection, a campaign tag) and the canonical URL has none.
  const key = parseRouteId(leaf.id)?.key;
  const paths = alternatePaths(matches as Parameters<typeof alternatePaths>[0], key && QUERY_PAGES.has(key) ? search : "");
  if (!paths) return null;
  // In the order of LOCALES, Croatian included (the loaders filter LOCALES). Object(): a route
  // without a loader has no data (shorter than optional chaining in the first-load bundle).
  const written = (Object(leaf.data) as { translated?: Locale[] }).translated ?? LOCALES;
  return (
    <>
      {written.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={origin + paths[l]} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + paths.hr} />
      <link rel="canonical" href={origin + paths[written.includes(locale) ? locale : "hr"]} />
    </>
  );
}
