import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/.server/db/client.server";
import { pageTranslations } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, DEFAULT_LOCALE, type Locale } from "~/lib/locales";

/**
 * Croatian page slugs → the same pages' slugs in the locale's language, for those that
 * are translated. CMS links name pages by their Croatian slug; mapping them here lets
 * en/de navigation link straight to /en/about-us instead of through a redirect.
 */
export async function translatedSlugs(croatianSlugs: string[], locale: Locale): Promise<Map<string, string>> {
  if (locale === DEFAULT_LOCALE || croatianSlugs.length === 0) return new Map();
  const db = await getDb();
  const target = alias(pageTranslations, "target");
  const rows = await db
    .select({ from: pageTranslations.slug, to: target.slug })
    .from(pageTranslations)
    .innerJoin(target, and(eq(target.pageId, pageTranslations.pageId), eq(target.languageCode, LOCALE_LANGUAGE_CODE[locale])))
    .where(and(eq(pageTranslations.languageCode, "hrv"), inArray(pageTranslations.slug, croatianSlugs)));
  return new Map(rows.map((r) => [r.from, r.to]));
}
