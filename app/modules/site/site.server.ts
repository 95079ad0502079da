import { asc, eq, inArray } from "drizzle-orm";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { currencies, languages, navigationItems, navigations, options, pageElements, sites, stores } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { localized, resolveLink } from "~/lib/links";
import { translatedSlugs } from "~/modules/site/page-slugs.server";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";

export type NavLink = { id: number; label: string; href: string; external: boolean; children: NavLink[] };

/** What the main layout needs to render; cached per locale, cleared from the admin cache page. */
export type SiteContext = Awaited<ReturnType<typeof loadSiteContext>>;

const siteCache = namedCache<SiteContext>("site-config", { ttlSeconds: 300 });

export function getSiteContext(locale: Locale): Promise<SiteContext> {
  return siteCache.wrap(locale, () => loadSiteContext(locale));
}

async function loadSiteContext(locale: Locale) {
  const db = await getDb();
  const [site] = await db.select().from(sites).where(eq(sites.id, SITE_ID));
  if (!site) throw new Error("The built-in site is missing: the database was not seeded.");
  const [store] = await db.select().from(stores).where(eq(stores.siteId, site.id)).orderBy(asc(stores.id)).limit(1);
  const [currency] = await db
    .select()
    .from(currencies)
    .where(eq(currencies.id, store?.currencyId ?? site.mainCurrencyId));
  const [language] = await db.select().from(languages).where(eq(languages.id, site.defaultLanguageId));
  const optionRows = await db.select({ key: options.key, value: options.value }).from(options).where(eq(options.siteId, site.id));
  const opts = Object.fromEntries(optionRows.map((o) => [o.key, o.value])) as Record<string, unknown>;
  const homeSlug = typeof opts.HomePageSlug === "string" ? opts.HomePageSlug : "naslovna";

  return {
    site: {
      id: site.id,
      name: site.name,
      url: site.url,
      maintenanceMode: site.maintenanceMode,
      forcedDomain: site.forcedDomain,
      cartAdditionBehaviour: site.cartAdditionBehaviour,
      socialLoginEnabled: site.socialLoginEnabled,
    },
    store: store ? { id: store.id, name: store.name, checkoutSettings: store.checkoutSettings } : null,
    currency: { id: currency.id, label: currency.label, symbol: currency.symbol },
    defaultLanguage: { id: language.id, code: language.code, code2: language.code2 },
    homeSlug,
    options: opts,
    navigations: await loadNavigations(site.id, locale, homeSlug),
    elements: await loadElements(site.id, locale),
  };
}

async function loadNavigations(siteId: number, locale: Locale, homeSlug: string): Promise<Record<string, NavLink[]>> {
  const db = await getDb();
  const navs = await db.select().from(navigations).where(eq(navigations.siteId, siteId));
  if (navs.length === 0) return {};
  const items = await db
    .select()
    .from(navigationItems)
    .where(
      inArray(
        navigationItems.navigationId,
        navs.map((n) => n.id),
      ),
    )
    .orderBy(asc(navigationItems.position));
  const pageTargets = items.filter((i) => (i.linkType === "page" || i.linkType === "post") && i.target !== homeSlug).map((i) => i.target);
  const slugs = await translatedSlugs([...new Set(pageTargets)], locale);
  const result: Record<string, NavLink[]> = {};
  for (const nav of navs) {
    const own = items.filter((i) => i.navigationId === nav.id);
    const build = (parentId: number | null): NavLink[] =>
      own
        .filter((i) => i.parentId === parentId)
        .map((i) => {
          // Page links name the Croatian slug; link to the translated slug where one exists.
          const target = i.linkType === "page" || i.linkType === "post" ? (slugs.get(i.target) ?? i.target) : i.target;
          return { id: i.id, label: localized(i.label, locale), ...resolveLink({ ...i, target }, locale, homeSlug), children: build(i.id) };
        });
    result[nav.handle] = build(null);
  }
  return result;
}

/** Header, footer and cookie blocks in the locale's content language, else the Croatian ones. */
async function loadElements(siteId: number, locale: Locale) {
  const db = await getDb();
  const rows = await db.select().from(pageElements).where(eq(pageElements.siteId, siteId));
  const pick = (handler: string) =>
    rows.find((r) => r.handler === handler && r.languageCode === LOCALE_LANGUAGE_CODE[locale]) ??
    rows.find((r) => r.handler === handler && r.languageCode === "hrv") ??
    null;
  const shape = (row: (typeof rows)[number] | null) => (row ? { id: row.id, title: row.title, options: row.options } : null);
  return { header: shape(pick("header-section")), footer: shape(pick("footer-section")), cookie: shape(pick("cookie-section")) };
}
