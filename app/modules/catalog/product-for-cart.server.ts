import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { bundleItems, products, type ProductFormat } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { getSiteContext } from "~/modules/site/site.server";
import { offeredVariants, type OfferedVariant } from "./offered-variants.server";
import { loadCustomOptions } from "./product-queries.server";
import { stockState, type CustomOption, type PriceUnit } from "./product-view";

/**
 * What adding a product to the cart checks (spec §4 Cart "Addable"), and nothing the page
 * shows: the format, the stock, the variants a configurable product (or bundle part) offers
 * and the personalisations. Read fresh, not from the page's cache, so the cart checks
 * today's data; three queries for a simple product where the whole page took about eight
 * (the fresh-render goal, decision 0070). Prices are not read: the cart prices its lines when it is
 * shown.
 */
export type CartVariant = { id: number; inStock: boolean };
export type CartProduct = {
  id: number;
  locale: Locale;
  format: ProductFormat;
  inStock: boolean;
  priceUnit: PriceUnit;
  customOptions: CustomOption[];
  /** A configurable product's variants, as the page offers them (null for other formats). */
  configuration: { associatedProducts: CartVariant[] } | null;
  bundle: { parts: { id: number; format: ProductFormat; configuration: { associatedProducts: CartVariant[] } | null }[] } | null;
};

/** Only products a visitor can open on their own (visible, not archived, no parent) can be added. */
export async function getProductForCart(id: number, locale: Locale): Promise<CartProduct | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const ctx = await getSiteContext(locale);
  const db = await getDb();
  const [row] = await db
    .select({
      id: products.id,
      format: products.format,
      stock: products.stock,
      madeToOrder: products.madeToOrder,
      priceUnit: products.priceUnit,
      parentId: products.parentId,
      visible: products.isVisibleIndividually,
      archived: products.archived,
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.siteId, ctx.site.id)));
  if (!row || row.archived || !row.visible || row.parentId !== null) return null;
  const [customOptions, variants, parts] = await Promise.all([
    loadCustomOptions(row.id, locale),
    row.format === "configurable" ? offeredVariants([row.id]) : null,
    row.format === "bundle" ? bundlePartsOf(row.id) : null,
  ]);
  return {
    id: row.id,
    locale,
    format: row.format,
    // The threshold only shapes the low-stock hint; whether it is in stock does not depend on it.
    inStock: stockState(row, 0).inStock,
    priceUnit: row.priceUnit,
    customOptions,
    configuration: variants ? configurationOf(variants, row.id) : null,
    bundle: parts,
  };
}

function configurationOf(variants: OfferedVariant[] | null, parentId: number) {
  // As the page (loadConfigurations): no configurable attribute, no configuration.
  const own = variants?.filter((v) => v.parentId === parentId);
  return own?.length ? { associatedProducts: own.map((v) => ({ id: v.id, inStock: stockState(v, 0).inStock })) } : null;
}

/** A bundle's parts (loadBundleParts' rows, without texts and images) and the variants of its configurable ones. */
async function bundlePartsOf(bundleId: number): Promise<NonNullable<CartProduct["bundle"]>> {
  const db = await getDb();
  const rows = await db
    .select({ id: products.id, format: products.format })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.productId))
    .where(eq(bundleItems.bundleId, bundleId))
    .orderBy(asc(bundleItems.position), asc(products.id));
  const variants = await offeredVariants(rows.filter((r) => r.format === "configurable").map((r) => r.id));
  return { parts: rows.map((r) => ({ id: r.id, format: r.format, configuration: configurationOf(variants, r.id) })) };
}
