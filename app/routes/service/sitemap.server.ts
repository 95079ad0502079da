import { env } from "~/.server/env.server";
import { href, type RouteKey } from "~/lib/routes-table";
import { LOCALES, localePrefix } from "~/lib/locales";
import { namedCache } from "~/.server/cache.server";
import { catalogSitemapEntries } from "~/modules/catalog/catalog-sitemap.server";
import { listPublishedPages } from "~/modules/cms/pages.server";
import { listTermPaths } from "~/modules/blog/blog.server";
import { listEventPaths } from "~/modules/events/events.server";
import { getSiteContext } from "~/modules/site/site.server";

/** One page of the site in every language it exists in. */
type SitemapEntry = { paths: Partial<Record<(typeof LOCALES)[number], string>>; lastmod?: Date; images?: string[] };

// Built once and kept until content changes: a derived named cache is cleared with any
// other named cache (product, page or option edits clear theirs), and after an hour.
const sitemapCache = namedCache<string>("sitemap", { ttlSeconds: 3600, max: 4, derived: true });

const STATIC_ROUTES: RouteKey[] = ["shop", "blog", "events", "search"];

/** The sitemap with hreflang alternates (SiteMapOptions.hreflang), or null when turned off; links from PUBLIC_URL only. */
export async function buildSitemap(): Promise<string | null> {
  const ctx = await getSiteContext("hr");
  if (ctx.options.AutoGenerateSiteMap === false) return null;
  const origin = env.PUBLIC_URL;
  return sitemapCache.wrap(origin, () => renderSitemap(origin, (ctx.options.SiteMapOptions ?? {}) as SitemapOptions));
}

type SitemapOptions = { hreflang?: boolean; lastmod?: boolean; images?: boolean };

async function renderSitemap(origin: string, sitemapOptions: SitemapOptions): Promise<string> {
  const entries: SitemapEntry[] = [
    { paths: Object.fromEntries(LOCALES.map((l) => [l, localePrefix(l) || "/"])) },
    ...STATIC_ROUTES.map((key) => ({ paths: Object.fromEntries(LOCALES.map((l) => [l, href(key, l)])) })),
    ...(await listPublishedPages()),
    ...(await listTermPaths()),
    ...(await listEventPaths()),
    ...(await catalogSitemapEntries()),
  ];

  const urls = entries.flatMap((entry) =>
    Object.entries(entry.paths).map(([, path]) => {
      const alternates = sitemapOptions.hreflang
        ? Object.entries(entry.paths)
            .map(([l, p]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escape(origin + p)}"/>`)
            .join("")
        : "";
      const lastmod = sitemapOptions.lastmod && entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
      const images = sitemapOptions.images
        ? (entry.images ?? []).map((src) => `<image:image><image:loc>${escape(origin + src)}</image:loc></image:image>`).join("")
        : "";
      return `<url><loc>${escape(origin + path)}</loc>${lastmod}${alternates}${images}</url>`;
    }),
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` +
    urls.join("") +
    `</urlset>`
  );
}

function escape(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
