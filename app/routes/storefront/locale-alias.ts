import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { matchPath } from "@remix-run/react";
import { DEFAULT_LOCALE, localeFromPath, localePrefix } from "~/lib/locales";
import { localeAliases } from "~/lib/route-aliases";
import { href } from "~/lib/routes-table";

/**
 * A spec spelling of a route in a prefixed language whose own path differs
 * (/de/checkout/success → /de/kasse/erfolg, so the spec's own spellings keep working): a permanent
 * redirect to the language's path, query kept (the success page's orderSlug).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = aliasTarget(url.pathname);
  if (!target) throw new Response("Not Found", { status: 404 });
  throw redirect(`${target}${url.search}`, 301);
}

function aliasTarget(pathname: string): string | null {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return null;
  const rest = pathname.slice(localePrefix(locale).length) || "/";
  for (const { key, path } of localeAliases(locale)) {
    const match = matchPath({ path: `/${path}`, end: true }, rest);
    if (match) return href(key, locale, match.params);
  }
  return null;
}
