import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { productAttributeValues, productConfigurableAttributes, products } from "~/.server/db/schema";
import { priceAndStockColumns } from "./product-columns.server";

export type OfferedVariant = Awaited<ReturnType<typeof offeredVariants>>[number];

/**
 * The variants a configurable product offers, for its page (loadConfigurations) and for
 * adding it to the cart (getProductForCart), so that the two cannot disagree: not archived,
 * with a chosen value (value_id) of every configurable attribute of their parent. A parent
 * without configurable attributes offers none. One query whatever the number of parents,
 * ordered by id; reads products_parent and product_attribute_values_product.
 */
export async function offeredVariants(parentIds: number[]) {
  if (parentIds.length === 0) return [];
  const db = await getDb();
  const pca = productConfigurableAttributes;
  const pav = productAttributeValues;
  return db
    .select({
      id: products.id,
      parentId: sql<number>`${products.parentId}`,
      sku: products.sku,
      ...priceAndStockColumns,
      isDefault: products.isDefaultVariant,
    })
    .from(products)
    .where(
      and(
        inArray(products.parentId, parentIds),
        eq(products.archived, false),
        sql`exists (select 1 from ${pca} where ${pca.productId} = ${products.parentId})`,
        sql`not exists (select 1 from ${pca} where ${pca.productId} = ${products.parentId} and not exists (
          select 1 from ${pav} where ${pav.productId} = ${products.id} and ${pav.attributeId} = ${pca.attributeId} and ${isNotNull(pav.valueId)}))`,
      ),
    )
    .orderBy(asc(products.id));
}
