import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { products } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { LOCALES, LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import { mediaUrl } from "~/lib/media";
import { href } from "~/lib/routes-table";
import { categoryLanguages, categoryText, getCatalogMeta } from "./catalog-meta.server";
import { CONTENT_LANGUAGE, loadImages, loadTranslations } from "./product-queries.server";

/** One catalogue page for the sitemap: its path per language, last change and images. */
export type CatalogSitemapEntry = { paths: Partial<Record<Locale, string>>; lastmod?: Date; images: string[] };

/**
 * Every product a shopper can open (not archived, visible on its own) and every category,
 * in each language with its translated slug (so the hreflang links name each language's own
 * address). Three queries whatever the number of products.
 */
export async function catalogSitemapEntries(): Promise<CatalogSitemapEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.siteId, SITE_ID), eq(products.archived, false), eq(products.isVisibleIndividually, true)))
    .orderBy(products.id);
  const ids = rows.map((r) => r.id);
  const [texts, images, meta] = await Promise.all([loadTranslations(ids, "hr", { all: true }), loadImages(ids, "hr"), getCatalogMeta()]);
  const productEntries = rows.map((row) => {
    const own = texts.filter((t) => t.productId === row.id);
    const source = own.find((t) => t.languageCode === CONTENT_LANGUAGE);
    const paths: Partial<Record<Locale, string>> = {};
    for (const locale of LOCALES) {
      // Only the languages it is written in: elsewhere its address is a copy canonical to the Croatian page.
      const slug = own.find((t) => t.languageCode === LOCALE_LANGUAGE_CODE[locale])?.slug ?? (locale === "hr" ? source?.slug : undefined);
      if (slug) paths[locale] = href("product", locale, { slug });
    }
    return { paths, lastmod: row.updatedAt, images: (images.get(row.id) ?? []).slice(0, 5).map((ref) => mediaUrl(ref, "large")) };
  });
  const categoryEntries = meta.categories.map((node) => ({
    paths: Object.fromEntries(
      LOCALES.filter((l) => categoryLanguages(node).includes(l)).map((l) => [l, href("shop", l, { slug: categoryText(node, l).slug })]),
    ),
    images: [],
  }));
  return [...categoryEntries, ...productEntries.filter((e) => Object.keys(e.paths).length > 0)];
}
