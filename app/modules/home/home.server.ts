import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { categories, categoryTranslations, productCategories, products, productTags, tags } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint } from "~/.server/forms.server";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import type { CurrentUser } from "~/.server/shopper.server";
import { loadProductCards, type ProductCard } from "~/modules/catalog/product-cards.server";
import { getFormConsents } from "~/modules/consent/consent.server";
import { newsletterSchema } from "~/modules/newsletter/newsletter.schema";

/**
 * The shop blocks of the home page (spec §2 Home): two hero product cards (tag Hero), a
 * slider of the top products (tag Top proizvodi) and one slider per top-level product
 * category. A fixed number of queries whatever the number of categories: tagged ids, the
 * categories, every category's first products (a window function), then one batch of cards.
 */
export const HOME_LIMITS = { hero: 2, top: 3, perCategory: 20 } as const;
export const HERO_TAG = "Hero";
export const TOP_TAG = "Top proizvodi";
const CONTENT_LANGUAGE = "hrv";

export type HomeCategory = { id: number; name: string; href: string; products: ProductCard[] };
export type HomeBlocks = { hero: ProductCard[]; top: ProductCard[]; categories: HomeCategory[] };

// The same for every visitor of a language; products change through the admin, which clears it.
const homeCache = namedCache<HomeBlocks>("home-blocks", { ttlSeconds: 300 });

export function getHomeBlocks(locale: Locale): Promise<HomeBlocks> {
  return homeCache.wrap(locale, () => loadHomeBlocks(locale));
}

// Only what a shopper may open on its own: variants and archived products never show.
const shoppable = () => and(eq(products.siteId, SITE_ID), eq(products.archived, false), eq(products.isVisibleIndividually, true));

/** Product ids of the Hero and Top tags, each capped at its limit, oldest product first. */
async function taggedIds(): Promise<{ hero: number[]; top: number[] }> {
  const db = await getDb();
  const ranked = db
    .select({
      tag: tags.name,
      productId: productTags.productId,
      rank: sql<number>`row_number() over (partition by ${tags.id} order by ${productTags.productId})`.as("rank"),
    })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .innerJoin(products, eq(products.id, productTags.productId))
    .where(and(eq(tags.siteId, SITE_ID), inArray(tags.name, [HERO_TAG, TOP_TAG]), shoppable()))
    .as("ranked");
  const rows = await db
    .select({ tag: ranked.tag, productId: ranked.productId })
    .from(ranked)
    .where(
      or(
        and(eq(ranked.tag, HERO_TAG), lte(ranked.rank, HOME_LIMITS.hero)),
        and(eq(ranked.tag, TOP_TAG), lte(ranked.rank, HOME_LIMITS.top)),
      ),
    )
    .orderBy(asc(ranked.tag), asc(ranked.rank));
  const of = (tag: string) => rows.filter((r) => r.tag === tag).map((r) => r.productId);
  return { hero: of(HERO_TAG), top: of(TOP_TAG) };
}

/** The first products of every top-level category, in the category's own order. */
async function categoryProductIds(): Promise<Map<number, number[]>> {
  const db = await getDb();
  const ranked = db
    .select({
      categoryId: productCategories.categoryId,
      productId: productCategories.productId,
      rank: sql<number>`row_number() over (partition by ${productCategories.categoryId} order by ${productCategories.position}, ${productCategories.productId})`.as(
        "rank",
      ),
    })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(and(eq(categories.siteId, SITE_ID), isNull(categories.parentId), shoppable()))
    .as("ranked");
  const rows = await db
    .select({ categoryId: ranked.categoryId, productId: ranked.productId })
    .from(ranked)
    .where(lte(ranked.rank, HOME_LIMITS.perCategory))
    .orderBy(asc(ranked.categoryId), asc(ranked.rank));
  const byCategory = new Map<number, number[]>();
  for (const row of rows) byCategory.set(row.categoryId, [...(byCategory.get(row.categoryId) ?? []), row.productId]);
  return byCategory;
}

/** Top-level categories with their name and slug in the locale's language, else Croatian. */
async function topCategories(locale: Locale) {
  const db = await getDb();
  const language = LOCALE_LANGUAGE_CODE[locale];
  const rows = await db
    .select({
      id: categories.id,
      languageCode: categoryTranslations.languageCode,
      name: categoryTranslations.name,
      slug: categoryTranslations.slug,
    })
    .from(categories)
    .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
    .where(
      and(
        eq(categories.siteId, SITE_ID),
        isNull(categories.parentId),
        inArray(categoryTranslations.languageCode, [...new Set([language, CONTENT_LANGUAGE])]),
      ),
    )
    .orderBy(asc(categories.position), asc(categories.id));
  const ids = [...new Set(rows.map((r) => r.id))];
  return ids.map((id) => {
    const own = rows.filter((r) => r.id === id);
    const text = own.find((r) => r.languageCode === language) ?? own.find((r) => r.languageCode === CONTENT_LANGUAGE)!;
    return { id, name: text.name, slug: text.slug };
  });
}

/** The blocks straight from the database (the cache calls this; tests count its queries). */
export async function loadHomeBlocks(locale: Locale): Promise<HomeBlocks> {
  const [tagged, perCategory, cats] = await Promise.all([taggedIds(), categoryProductIds(), topCategories(locale)]);
  const ids = [...new Set([...tagged.hero, ...tagged.top, ...[...perCategory.values()].flat()])];
  const cards = new Map((await loadProductCards(ids, locale)).map((card) => [card.id, card]));
  const pick = (list: readonly number[]) => list.flatMap((id) => cards.get(id) ?? []);
  return {
    hero: pick(tagged.hero),
    top: pick(tagged.top),
    categories: cats
      .map((c) => ({ id: c.id, name: c.name, href: href("shop", locale, { slug: c.slug }), products: pick(perCategory.get(c.id) ?? []) }))
      // A category whose products are all hidden or untranslated shows no empty slider.
      .filter((c) => c.products.length > 0),
  };
}

/**
 * Everything the home page adds to the CMS page: the blocks, the newsletter's consents
 * (null when they cannot be loaded: the block says so instead of failing the page) and
 * edit mode (spec §4: ?editPage=true for a backoffice user: `editRequestedBy`, the route reads
 * the user only then).
 */
export async function getHomeView(locale: Locale, editRequestedBy: CurrentUser | null) {
  const user = editRequestedBy;
  const [blocks, newsletterConsents] = await Promise.all([
    getHomeBlocks(locale),
    getFormConsents("newsletter", locale).catch((error: unknown) => {
      if (isDomainError(error)) return null;
      throw error;
    }),
  ]);
  return { blocks, newsletterConsents, newsletterConstraint: formConstraint(newsletterSchema), editMode: user?.isBackofficeUser === true };
}
