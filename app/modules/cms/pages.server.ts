import { and, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { pages, pageTranslations } from "~/.server/db/schema";
import { getSiteContext } from "~/modules/site/site.server";
import { LOCALE_LANGUAGE_CODE, LOCALES, localePrefix, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { namedCache } from "~/.server/cache.server";
import { readComponents, type StoredComponent } from "./page-components.schema";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { armScheduledContent } from "~/modules/blog/scheduled.server";

const CONTENT_LANGUAGE = "hrv"; // the built-in site's source language: the fallback text

export type PageView = {
  id: number;
  postType: string;
  title: string;
  bodyHtml: string;
  metaDescription: string;
  /** Its components (decision 0014), checked and text sanitised; resolved per request by page-components.server.ts. */
  components: StoredComponent[];
  /** The interface language the text is written in; differs from the URL's when untranslated. */
  contentLocale: Locale | null;
  isHome: boolean;
  /** The same page in every language (getUrlOnLanguage): what the language switch links to. */
  alternates: Partial<Record<Locale, string>>;
  /** The languages it has its own text in: only these are indexed (canonical, hreflang, sitemap). */
  translated: Locale[];
  updatedAt: Date;
};

/** A found page, and where to send the visitor when the URL is not the page's own in this language. */
export type PageLookup = { page: PageView; redirectTo: string | null };

type Row = { pageId: number; languageCode: string; slug: string };

const published = () => and(eq(pages.status, "published"), or(isNull(pages.publishedAt), lte(pages.publishedAt, sql`now()`)));

function localeOfCode(code: string): Locale | null {
  return LOCALES.find((l) => LOCALE_LANGUAGE_CODE[l] === code) ?? null;
}

/**
 * Paths of one page in every locale: its translated slug where there is one, else the
 * Croatian slug (the page then shows Croatian text under that language's prefix). The
 * home page is the root of each language.
 */
export function pageAlternates(rows: Row[], homeSlug: string): Partial<Record<Locale, string>> {
  const source = rows.find((r) => r.languageCode === CONTENT_LANGUAGE);
  const result: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    if (source && source.slug === homeSlug) {
      result[locale] = localePrefix(locale) || "/";
      continue;
    }
    const slug = rows.find((r) => r.languageCode === LOCALE_LANGUAGE_CODE[locale])?.slug ?? source?.slug;
    if (slug) result[locale] = href("page", locale, { slug });
  }
  return result;
}

/**
 * The languages a page is written in. The home page counts as written in every language:
 * each language's root is that language's shop (its blocks, header and footer), whatever
 * its own text.
 */
export function pageLanguages(rows: Pick<Row, "languageCode">[], isHome: boolean): Locale[] {
  return LOCALES.filter((l) => isHome || rows.some((r) => r.languageCode === LOCALE_LANGUAGE_CODE[l]));
}

/**
 * A published page or post by its slug in the locale's content language, else by its
 * Croatian slug; no slug is the home page (HomePageSlug). One query reads the page with
 * all its translations. `redirectTo` is set when the requested URL is not the page's own
 * URL in this language (a Croatian slug under /en while an English slug exists, or the
 * home page's slug instead of the root), so every page has one address per language.
 */
export async function getPageBySlug(slug: string | undefined, locale: Locale): Promise<PageLookup | null> {
  // Anonymous page reads are cached: sanitising a body on every request showed in the
  // benchmark. An editor saving a page clears the cache (dataChanged("page")). "No such page" is
  // never kept: it turns into a page without any save to clear it (a scheduled post falls
  // due), and a miss costs two indexed queries and no sanitising.
  const key = `${locale}:${slug ?? ""}`;
  const { value, generation } = await pageCache.read(key);
  if (value) return value;
  // A page scheduled for later is not found now: the caches are cleared when it falls due.
  const [found] = await Promise.all([lookupPage(slug, locale), armScheduledContent()]);
  if (found) await pageCache.set(key, found, generation);
  return found;
}

const pageCache = namedCache<PageLookup>("pages", { ttlSeconds: 300 });

/**
 * The same lookup for edit mode (decision 0051): never from or into the cache, so an editor
 * sees what is stored now, and unpublished pages too (a page made in the "new page"
 * dialog is a draft until published).
 */
export function getPageForEditing(slug: string | undefined, locale: Locale): Promise<PageLookup | null> {
  return lookupPage(slug, locale, { unpublished: true });
}

async function lookupPage(slug: string | undefined, locale: Locale, { unpublished = false } = {}): Promise<PageLookup | null> {
  const ctx = await getSiteContext(locale);
  const wanted = slug ?? ctx.homeSlug;
  const language = LOCALE_LANGUAGE_CODE[locale];
  const db = await getDb();
  const matching = db
    .select({ id: pageTranslations.pageId })
    .from(pageTranslations)
    .where(and(eq(pageTranslations.slug, wanted), inArray(pageTranslations.languageCode, [...new Set([language, CONTENT_LANGUAGE])])));
  const rows = await pageRows(and(inArray(pages.id, matching), eq(pages.siteId, ctx.site.id), unpublished ? undefined : published()));

  // The locale's own slug wins over another page's Croatian slug that happens to be the same.
  const hit =
    rows.find((r) => r.languageCode === language && r.slug === wanted) ??
    rows.find((r) => r.languageCode === CONTENT_LANGUAGE && r.slug === wanted);
  if (!hit) return null;
  const page = pageViewOf(
    rows.filter((r) => r.pageId === hit.pageId),
    locale,
    ctx.homeSlug,
  );
  const requested = slug === undefined ? localePrefix(locale) || "/" : href("page", locale, { slug });
  const canonical = page.alternates[locale] ?? requested;
  return { page, redirectTo: canonical === requested ? null : canonical };
}

/** The translations of the pages `where` picks, with what a page view needs and whether shoppers can see the page now. */
async function pageRows(where: SQL | undefined) {
  const db = await getDb();
  return db
    .select({
      pageId: pages.id,
      postType: pages.postType,
      updatedAt: pages.updatedAt,
      live: sql<boolean>`(${published()})`,
      languageCode: pageTranslations.languageCode,
      slug: pageTranslations.slug,
      title: pageTranslations.title,
      bodyHtml: pageTranslations.bodyHtml,
      metaDescription: pageTranslations.metaDescription,
      components: pageTranslations.components,
    })
    .from(pages)
    .innerJoin(pageTranslations, eq(pageTranslations.pageId, pages.id))
    .where(where);
}

/** One page's view in a locale from its translation rows: the locale's text, else the Croatian. */
function pageViewOf(own: Awaited<ReturnType<typeof pageRows>>, locale: Locale, homeSlug: string): PageView {
  const language = LOCALE_LANGUAGE_CODE[locale];
  const shown = own.find((r) => r.languageCode === language) ?? own.find((r) => r.languageCode === CONTENT_LANGUAGE) ?? own[0];
  const isHome = own.some((r) => r.languageCode === CONTENT_LANGUAGE && r.slug === homeSlug);
  return {
    id: shown.pageId,
    postType: shown.postType,
    title: shown.title,
    bodyHtml: sanitizeCmsHtml(shown.bodyHtml),
    metaDescription: shown.metaDescription,
    components: readComponents(shown.components, `page ${shown.pageId} (${shown.languageCode})`),
    contentLocale: localeOfCode(shown.languageCode),
    isHome,
    alternates: pageAlternates(own, homeSlug),
    translated: pageLanguages(own, isHome),
    updatedAt: shown.updatedAt,
  };
}

/**
 * A page by its id in a locale, published or not (a draft's preview link, decision 0124),
 * and whether shoppers can see it now (published and due); null when there is no such page.
 */
export async function getPageById(pageId: number, locale: Locale): Promise<{ page: PageView; live: boolean } | null> {
  const ctx = await getSiteContext(locale);
  const rows = await pageRows(and(eq(pages.id, pageId), eq(pages.siteId, ctx.site.id)));
  if (rows.length === 0) return null;
  return { page: pageViewOf(rows, locale, ctx.homeSlug), live: rows[0].live };
}

/**
 * Every published page and blog post but the home (the sitemap lists the roots itself) with its
 * paths in the languages it is written in (an untranslated language's address is a copy of the
 * Croatian page, canonical to it, and stays out).
 */
export async function listPublishedPages(): Promise<{ paths: Partial<Record<Locale, string>>; lastmod: Date }[]> {
  const ctx = await getSiteContext("hr");
  const db = await getDb();
  const rows = await db
    .select({ pageId: pages.id, updatedAt: pages.updatedAt, languageCode: pageTranslations.languageCode, slug: pageTranslations.slug })
    .from(pages)
    .innerJoin(pageTranslations, eq(pageTranslations.pageId, pages.id))
    .where(and(eq(pages.siteId, ctx.site.id), inArray(pages.postType, ["page", "post"]), published()));
  const byPage = new Map<number, typeof rows>();
  for (const row of rows) byPage.set(row.pageId, [...(byPage.get(row.pageId) ?? []), row]);
  return [...byPage.values()]
    .filter((own) => !own.some((r) => r.languageCode === CONTENT_LANGUAGE && r.slug === ctx.homeSlug))
    .map((own) => {
      const written = pageLanguages(own, false);
      const paths = Object.entries(pageAlternates(own, ctx.homeSlug)).filter(([l]) => written.includes(l as Locale));
      return { paths: Object.fromEntries(paths) as Partial<Record<Locale, string>>, lastmod: own[0].updatedAt };
    })
    .filter((entry) => Object.keys(entry.paths).length > 0);
}
