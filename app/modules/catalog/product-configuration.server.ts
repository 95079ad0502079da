import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { attributes, attributeValues, productAttributeValues, productConfigurableAttributes } from "~/.server/db/schema";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { lowStockThreshold } from "~/modules/kernel/options";
import { getSiteContext } from "~/modules/site/site.server";
import { offeredVariants } from "./offered-variants.server";
import { loadImages } from "./product-queries.server";
import { productPrices, stockState, type AssociatedProduct, type ConfigAttribute, type Configuration } from "./product-view";

/**
 * Configurations of configurable products (spec §3 associatedProductsAttributes and
 * associatedProducts) in four queries whatever the number of products: the configured
 * attributes, the offered variants (offeredVariants: which ones is decided there, for the
 * cart too), the variants' values of those attributes, the variants' images. Used for a
 * configurable product's page and for the configurable parts of a bundle.
 *
 * Only values some offered variant has are offered. The shop default of each attribute is
 * the default variant's value (else the first variant's).
 */
export async function loadConfigurations(ids: number[], locale: Locale): Promise<Map<number, Configuration>> {
  const result = new Map<number, Configuration>();
  if (ids.length === 0) return result;
  const db = await getDb();
  const threshold = lowStockThreshold((await getSiteContext(locale)).options);
  const [configured, variants] = await Promise.all([
    db
      .select({
        productId: productConfigurableAttributes.productId,
        attributeId: attributes.id,
        code: attributes.code,
        type: attributes.type,
        label: attributes.label,
      })
      .from(productConfigurableAttributes)
      .innerJoin(attributes, eq(attributes.id, productConfigurableAttributes.attributeId))
      .where(inArray(productConfigurableAttributes.productId, ids))
      .orderBy(asc(productConfigurableAttributes.position), asc(attributes.position)),
    offeredVariants(ids),
  ]);
  const variantIds = variants.map((v) => v.id);
  const attributeIds = [...new Set(configured.map((c) => c.attributeId))];
  const [values, images] = await Promise.all([
    variantIds.length && attributeIds.length
      ? db
          .select({
            productId: productAttributeValues.productId,
            attributeId: productAttributeValues.attributeId,
            id: attributeValues.id,
            value: attributeValues.value,
            label: attributeValues.label,
            swatch: attributeValues.swatch,
            position: attributeValues.position,
          })
          .from(productAttributeValues)
          .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.valueId))
          .where(and(inArray(productAttributeValues.productId, variantIds), inArray(productAttributeValues.attributeId, attributeIds)))
      : Promise.resolve([]),
    loadImages(variantIds, locale),
  ]);

  const valueOf = new Map(values.map((row) => [`${row.productId}:${row.attributeId}`, row]));
  const defaults = new Set(variants.filter((v) => v.isDefault).map((v) => v.id));
  for (const id of ids) {
    const own = configured.filter((c) => c.productId === id);
    if (own.length === 0) continue;
    const associatedProducts: AssociatedProduct[] = [];
    for (const v of variants.filter((row) => row.parentId === id)) {
      const chosen: Record<string, number> = {};
      for (const attribute of own) {
        const value = valueOf.get(`${v.id}:${attribute.attributeId}`);
        if (value) chosen[attribute.code] = value.id;
      }
      associatedProducts.push({
        id: v.id,
        sku: v.sku,
        attributes: chosen,
        prices: productPrices(v),
        images: images.get(v.id) ?? [],
        // Stock null means not tracked: always available (as on the product cards).
        ...stockState(v, threshold),
      });
    }
    const defaultVariant = associatedProducts.find((p) => defaults.has(p.id)) ?? associatedProducts[0];
    const associatedProductsAttributes: ConfigAttribute[] = own.map((attribute) => {
      const used = new Set(associatedProducts.map((p) => p.attributes[attribute.code]));
      // One entry per value (many variants share a colour), in the attribute's own order.
      const distinct = new Map(
        values.filter((row) => row.attributeId === attribute.attributeId && used.has(row.id)).map((row) => [row.id, row]),
      );
      const offered = [...distinct.values()].sort((a, b) => a.position - b.position || a.id - b.id);
      return {
        attributeCode: attribute.code,
        label: localized(attribute.label, locale),
        inputType: attribute.type,
        customClass: "",
        values: offered.map((row) => ({
          id: row.id,
          value: row.value,
          label: localized(row.label, locale),
          isMedia: attribute.type === "visualSwatch" && row.swatch !== null,
          swatch: row.swatch,
          shopDefault: defaultVariant?.attributes[attribute.code] === row.id,
        })),
      };
    });
    result.set(id, { associatedProductsAttributes, associatedProducts });
  }
  return result;
}
