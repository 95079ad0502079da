import { and, asc, eq, inArray } from "drizzle-orm";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { getFixedT } from "~/.server/i18n.server";
import {
  productCategories,
  productCrossSells,
  products,
  productTranslations,
  type ProductFormat,
  type ProductType,
} from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { getSiteContext } from "~/modules/site/site.server";
import { categoryText, categoryTrail, getCatalogMeta } from "./catalog-meta.server";
import { loadBundleParts } from "./product-bundle.server";
import { loadProductCards } from "./product-cards.server";
import { loadConfigurations } from "./product-configuration.server";
import {
  CONTENT_LANGUAGE,
  loadCustomOptions,
  loadDisplayAttributes,
  loadImages,
  loadTranslations,
  pickTranslation,
  type TranslationRow,
} from "./product-queries.server";
import { lowStockThreshold } from "~/modules/kernel/options";
import { productPrices, selectionSearch, stockState, variantsFromCents, type PriceUnit, type ProductDetail } from "./product-view";
import { priceAndStockColumns } from "./product-columns.server";

/**
 * A found product, and where to send the visitor when the URL is not the product's own
 * address in this language: a Croatian slug under /en while an English slug exists, or the
 * slug of a variant that is not visible individually. Such a variant resolves to its
 * parent's page with that variant chosen (`/product/{parent}?boja=ral-8017&debljina=0.5`),
 * so each product has one address per language and a variant's old link keeps working.
 */
export type ProductLookup = { product: ProductDetail; redirectTo: string | null; categoryPath: CategoryLink[] };
/** A category of the breadcrumb's trail, the top one first (decision 0036). */
export type CategoryLink = { name: string; href: string };

// Anonymous product reads are the same for everyone in a language: cached briefly, so that
// stock and prices an editor changes show within a minute. Listed on the admin cache page.
const productCache = namedCache<ProductLookup>("product-detail", { ttlSeconds: 60, max: 300 });

/** The slug of a URL is junk if it could never be stored (over-long or with control characters). */
const usableSlug = (slug: string) =>
  slug.length > 0 && slug.length <= 200 && ![...slug].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The product page's data by slug in the locale's language, else by its Croatian slug
 * (spec §2 product). Unknown, archived or hidden products (and hidden variants whose parent
 * is gone) give null: the route answers 404. Misses are not cached, so random slugs cannot
 * push real products out of the cache.
 */
export async function getProductBySlug(slug: string, locale: Locale): Promise<ProductLookup | null> {
  if (!usableSlug(slug)) return null;
  const key = `${locale}:${slug}`;
  const { value: cached, generation } = await productCache.read(key);
  if (cached) return cached;
  const found = await lookup(slug, locale);
  // Not kept if a change cleared the cache while it was looked up (app/.server/cache.server.ts).
  if (found) await productCache.set(key, found, generation);
  return found;
}

const productColumns = {
  id: products.id,
  parentId: products.parentId,
  format: products.format,
  type: products.type,
  sku: products.sku,
  visible: products.isVisibleIndividually,
  archived: products.archived,
  ...priceAndStockColumns,
  priceUnit: products.priceUnit,
};
type ProductRow = {
  id: number;
  format: ProductFormat;
  type: ProductType;
  sku: string;
  retail: number;
  price: number;
  membership: number | null;
  taxRateBp: number;
  stock: number | null;
  madeToOrder: boolean;
  priceUnit: PriceUnit;
};

async function lookup(slug: string, locale: Locale): Promise<ProductLookup | null> {
  const ctx = await getSiteContext(locale);
  const db = await getDb();
  const language = LOCALE_LANGUAGE_CODE[locale];
  // product_translations (language_code, slug) is unique: at most one row per language.
  const hits = await db
    .select({ ...productColumns, languageCode: productTranslations.languageCode })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(
      and(
        eq(productTranslations.slug, slug),
        inArray(productTranslations.languageCode, [...new Set([language, CONTENT_LANGUAGE])]),
        eq(products.siteId, ctx.site.id),
      ),
    );
  const hit = hits.find((h) => h.languageCode === language) ?? hits.find((h) => h.languageCode === CONTENT_LANGUAGE);
  if (!hit || hit.archived) return null;

  if (!hit.visible) {
    if (hit.parentId === null) return null;
    const [parent] = await db.select(productColumns).from(products).where(eq(products.id, hit.parentId));
    if (!parent || parent.archived || !parent.visible || parent.format !== "configurable") return null;
    const product = await loadDetail(parent, locale);
    const variant = product?.configuration?.associatedProducts.find((p) => p.id === hit.id);
    const own = product?.alternates[locale];
    if (!product || !variant || !own) return null;
    const query = selectionSearch(product.configuration!, variant.attributes, new URLSearchParams());
    return { product, redirectTo: `${own}?${query}`, categoryPath: [] };
  }

  const product = await loadDetail(hit, locale);
  if (!product) return null;
  const canonical = product.alternates[locale];
  const requested = href("product", locale, { slug });
  const categoryPath = await productTrail(product.id, locale);
  return { product, redirectTo: canonical && canonical !== requested ? canonical : null, categoryPath };
}

/** Paths of the product in every language: its translated slug there, else the Croatian one. */
function productAlternates(texts: TranslationRow[]): Partial<Record<Locale, string>> {
  const source = texts.find((t) => t.languageCode === CONTENT_LANGUAGE);
  const result: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const slug = texts.find((t) => t.languageCode === LOCALE_LANGUAGE_CODE[locale])?.slug ?? source?.slug;
    if (slug) result[locale] = href("product", locale, { slug });
  }
  return result;
}

async function crossSellIds(productId: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: productCrossSells.crossSellId })
    .from(productCrossSells)
    .innerJoin(products, eq(products.id, productCrossSells.crossSellId))
    .where(and(eq(productCrossSells.productId, productId), eq(products.archived, false), eq(products.isVisibleIndividually, true)))
    .orderBy(asc(productCrossSells.position));
  return rows.map((r) => r.id);
}

/**
 * The product's category path for the breadcrumb (decision 0036): of the categories it
 * is in, the deepest (a product listed under "Oluci" and its parent shows the whole path),
 * the lower id on a tie, so the trail is the same on every request.
 */
async function productTrail(productId: number, locale: Locale): Promise<CategoryLink[]> {
  const db = await getDb();
  const [rows, meta] = await Promise.all([
    db.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, productId)),
    getCatalogMeta(),
  ]);
  const trails = rows
    .map((r) => categoryTrail(meta, meta.categories.find((c) => c.id === r.id) ?? null))
    .filter((trail) => trail.length > 0)
    .sort((a, b) => b.length - a.length || a[a.length - 1].id - b[b.length - 1].id);
  return (trails[0] ?? []).map((node) => ({
    name: categoryText(node, locale).name,
    href: href("shop", locale, { slug: categoryText(node, locale).slug }),
  }));
}

/**
 * Everything the page shows, in a bounded number of queries whatever the number of
 * variants, parts or cross-sells. sku, prices and stock are the product's own; on a
 * configurable product the page shows those of the chosen variant instead.
 */
async function loadDetail(row: ProductRow, locale: Locale): Promise<ProductDetail | null> {
  const configurable = row.format === "configurable";
  const [texts, images, configurations, bundleParts, customOptions, crossIds, site] = await Promise.all([
    loadTranslations([row.id], locale, { all: true }),
    loadImages([row.id], locale),
    configurable ? loadConfigurations([row.id], locale) : Promise.resolve(null),
    row.format === "bundle" ? loadBundleParts(row.id, locale) : Promise.resolve(null),
    loadCustomOptions(row.id, locale),
    crossSellIds(row.id),
    getSiteContext(locale),
  ]);
  const threshold = lowStockThreshold(site.options);
  const configuration = configurations?.get(row.id) ?? null;
  const configuredCodes = new Set(configuration?.associatedProductsAttributes.map((a) => a.attributeCode) ?? []);
  const [attributes, crossSells] = await Promise.all([
    loadDisplayAttributes(row.id, locale, configuredCodes),
    loadProductCards(crossIds, locale),
  ]);
  const text = pickTranslation(texts, row.id, locale);
  if (!text) return null; // only reachable through a variant whose parent lacks a Croatian text
  const textLang =
    text.languageCode === LOCALE_LANGUAGE_CODE[locale] ? undefined : LOCALES.find((l) => LOCALE_LANGUAGE_CODE[l] === text.languageCode);
  return {
    id: row.id,
    locale,
    format: row.format,
    type: row.type,
    name: text.name,
    slug: text.slug,
    sku: row.sku,
    shortDescription: text.shortDescription,
    descriptionHtml: sanitizeCmsHtml(text.description),
    ...(text.metaTitle || text.metaDescription ? { seo: { title: text.metaTitle, description: text.metaDescription } } : {}),
    images: images.get(row.id) ?? [],
    prices: productPrices(row),
    priceUnit: row.priceUnit,
    ...stockState(row, threshold),
    attributes,
    configuration,
    fromCents: configuration ? variantsFromCents(configuration) : null,
    bundle: bundleParts ? { parts: bundleParts, hasConfigurableParts: bundleParts.some((p) => p.configuration !== null) } : null,
    customOptions,
    crossSells,
    alternates: productAlternates(texts),
    translated: LOCALES.filter((l) => texts.some((t) => t.productId === row.id && t.languageCode === LOCALE_LANGUAGE_CODE[l])),
    // Only when untranslated: an absent key costs the page's script nothing to test.
    ...(textLang ? { textLang } : {}),
  };
}

/**
 * A product by id for the cart (spec §4 Cart "Addable"): its formats' parts, variants and
 * custom options, read fresh (not from the page cache) so the cart checks today's data.
 * Only products a visitor can open on their own (visible, not archived, no parent).
 */
export async function getProductForCart(id: number, locale: Locale): Promise<ProductDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const ctx = await getSiteContext(locale);
  const db = await getDb();
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.siteId, ctx.site.id)));
  if (!row || row.archived || !row.visible || row.parentId !== null) return null;
  return loadDetail(row, locale);
}

/**
 * The product page's visible breadcrumb and its BreadcrumbList (decision 0036): shop ›
 * categories › product. Translated here on the server, so the page's messages need not
 * carry the shop namespace.
 */
export async function productBreadcrumb(
  locale: Locale,
  { product, categoryPath }: ProductLookup,
  pathname: string,
): Promise<CategoryLink[]> {
  const t = await getFixedT(locale);
  return [
    { name: t("shop.title"), href: href("shop", locale) },
    ...categoryPath,
    { name: product.name, href: product.alternates[locale] ?? pathname },
  ];
}
