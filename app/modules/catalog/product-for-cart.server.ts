import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { bundleItems, productAttributeValues, productConfigurableAttributes, products, type ProductFormat } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { getSiteContext } from "~/modules/site/site.server";
import { loadCustomOptions } from "./product-queries.server";
import { stockState, type CustomOption, type PriceUnit } from "./product-view";

/**
 * What adding a product to the cart checks (spec §4 Cart "Addable"), and nothing the page
 * shows: the format, the stock, the variants a configurable product (or bundle part) offers
 * and the personalisations. Read fresh, not from the page's cache, so the cart checks
 * today's data; three queries for a simple product where the whole page took about eight
 * (issue 18 item 1). Prices are not read: the cart prices its lines when it is shown.
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
    row.format === "configurable" ? variantsOf([row.id]) : null,
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

type VariantRow = { id: number; parentId: number; stock: number | null; madeToOrder: boolean };

function configurationOf(variants: VariantRow[] | null, parentId: number) {
  // As the page (loadConfigurations): no configurable attribute, no configuration.
  const own = variants?.filter((v) => v.parentId === parentId);
  return own?.length ? { associatedProducts: own.map((v) => ({ id: v.id, inStock: stockState(v, 0).inStock })) } : null;
}

/**
 * The variants the product page offers of these configurable products: not archived, with
 * a value for every configurable attribute of their parent (loadConfigurations' rule).
 * Reads products_parent and product_attribute_values_product.
 */
async function variantsOf(parentIds: number[]): Promise<VariantRow[]> {
  if (parentIds.length === 0) return [];
  const db = await getDb();
  const pca = productConfigurableAttributes;
  return db
    .select({ id: products.id, parentId: sql<number>`${products.parentId}`, stock: products.stock, madeToOrder: products.madeToOrder })
    .from(products)
    .where(
      and(
        inArray(products.parentId, parentIds),
        eq(products.archived, false),
        sql`exists (select 1 from ${pca} where ${pca.productId} = ${products.parentId})`,
        sql`not exists (select 1 from ${pca} where ${pca.productId} = ${products.parentId} and not exists (
          select 1 from ${productAttributeValues} where ${productAttributeValues.productId} = ${products.id} and ${productAttributeValues.attributeId} = ${pca.attributeId}))`,
      ),
    )
    .orderBy(asc(products.id));
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
  const variants = await variantsOf(rows.filter((r) => r.format === "configurable").map((r) => r.id));
  return { parts: rows.map((r) => ({ id: r.id, format: r.format, configuration: configurationOf(variants, r.id) })) };
}
