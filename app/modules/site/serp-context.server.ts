import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { LOCALES, localePrefix, type Locale } from "~/lib/locales";
import { getSiteContext } from "./site.server";
import { homeTitle } from "./meta-description.server";

/**
 * What an editor's search-result preview (decision 0125) needs besides the page's own
 * texts: the public address the page's links use (PUBLIC_URL, never the request's Host),
 * the shop's name (the titles' suffix) and the home page's title per language, which the
 * page does not build from its own title (homeTitle()).
 */
export type SerpContext = {
  origin: string;
  siteName: string;
  home: Record<Locale, { title: string; path: string }>;
  /** The shop list's description: what a category sends with neither a description of its own nor a text. */
  shopDescription: Record<Locale, string>;
};

export async function serpContext(): Promise<SerpContext> {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const site = await getSiteContext(locale);
      const title = homeTitle(await getFixedT(locale, "routes"), site.site.name, site.elements.header?.options);
      const shopDescription = (await getFixedT(locale, "shop"))("shop.metaDescription");
      return [locale, { title, path: localePrefix(locale) || "/", siteName: site.site.name, shopDescription }] as const;
    }),
  );
  const home = Object.fromEntries(entries.map(([l, v]) => [l, { title: v.title, path: v.path }])) as SerpContext["home"];
  const shopDescription = Object.fromEntries(entries.map(([l, v]) => [l, v.shopDescription])) as SerpContext["shopDescription"];
  return { origin: env.PUBLIC_URL, siteName: entries[0][1].siteName, home, shopDescription };
}
