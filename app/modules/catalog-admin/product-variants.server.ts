import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import {
  attributes,
  attributeValues,
  productAttributeValues,
  productConfigurableAttributes,
  products,
  productTranslations,
} from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { localized } from "~/lib/links";
import { LOCALES } from "~/lib/locales";
import { slugify } from "~/lib/slug";
import { SITE_ID } from "~/modules/kernel/options";
import type { VariantEdit } from "./product-editor.schema";
import { changeProduct, checkPrices, checkSkuFree, notFound, productFacts, refused, type Actor, type Product } from "./product-lock.server";
import { removeOrArchive } from "./product-lifecycle.server";
import { loadedStock } from "./stock-edit";
import { stockColumn } from "./stock-edit.server";

/**
 * A configurable product's configuring attributes and variants (spec §3
 * associatedProductsAttributes / associatedProducts; decision 0046). Variants are hidden
 * child products (`parent_id`, `is_visible_individually=false`) with their own SKU, prices,
 * stock and one value of each configuring attribute, which is what the storefront's
 * configurator reads (product-configuration.server.ts). The parent carries every value its
 * live variants have, so the category's layered filters find it.
 */
const CONFIGURING_TYPES = new Set(["dropdown", "textSwatch", "visualSwatch", "numberField"]);

function requireConfigurable(product: Product) {
  if (product.format !== "configurable") throw refused("notConfigurable", "adminProducts.errors.notConfigurable");
}

export async function setConfiguringAttributes(staff: Actor, productId: number, version: number, ids: number[]) {
  await changeProduct(staff, productId, version, async (tx, product) => {
    requireConfigurable(product);
    const unique = [...new Set(ids)];
    const found = unique.length
      ? await tx
          .select()
          .from(attributes)
          .where(and(inArray(attributes.id, unique), eq(attributes.siteId, SITE_ID)))
      : [];
    if (found.length !== unique.length || found.some((a) => !CONFIGURING_TYPES.has(a.type)))
      throw refused("badAttribute", "adminProducts.errors.unknownChoice", "attributes");
    await tx.delete(productConfigurableAttributes).where(eq(productConfigurableAttributes.productId, product.id));
    if (unique.length)
      await tx
        .insert(productConfigurableAttributes)
        .values(unique.map((attributeId, position) => ({ productId: product.id, attributeId, position })));
    await syncParentValues(tx, product.id);
    return { value: undefined, audit: { action: "configAttributes", after: { attributes: found.map((a) => a.code) } } };
  });
}

/** The product's configuring attributes, in order, with their values. */
export async function configuringAttributes(tx: Executor, productId: number) {
  const configured = await tx
    .select({ id: attributes.id, code: attributes.code, type: attributes.type, label: attributes.label })
    .from(productConfigurableAttributes)
    .innerJoin(attributes, eq(attributes.id, productConfigurableAttributes.attributeId))
    .where(eq(productConfigurableAttributes.productId, productId))
    .orderBy(asc(productConfigurableAttributes.position));
  const values = configured.length
    ? await tx
        .select()
        .from(attributeValues)
        .where(
          inArray(
            attributeValues.attributeId,
            configured.map((c) => c.id),
          ),
        )
        .orderBy(asc(attributeValues.position), asc(attributeValues.id))
    : [];
  return configured.map((c) => ({ ...c, values: values.filter((v) => v.attributeId === c.id) }));
}

type Value = typeof attributeValues.$inferSelect;

/**
 * "Generate variants": one hidden variant per combination of the chosen values that no
 * variant has yet (so generating twice creates nothing more), SKU `<parent sku>-<value>-<value>`,
 * prices, VAT, stock and unit copied from the parent, named after the parent and the values.
 */
export async function generateVariants(staff: Actor, productId: number, version: number, valueIds: number[]): Promise<number> {
  return changeProduct(staff, productId, version, async (tx, product) => {
    requireConfigurable(product);
    const config = await configuringAttributes(tx, product.id);
    if (config.length === 0) throw refused("noAttributes", "adminProducts.errors.noConfiguringAttributes", "values");
    const chosen = new Set(valueIds);
    const known = new Set(config.flatMap((c) => c.values.map((v) => v.id)));
    if (valueIds.some((id) => !known.has(id))) throw refused("unknownValue", "adminProducts.errors.unknownChoice", "values");
    const perAttribute = config.map((c) => c.values.filter((v) => chosen.has(v.id)));
    if (perAttribute.some((values) => values.length === 0))
      throw refused("chooseEach", "adminProducts.errors.chooseEachAttribute", "values");
    const combinations = perAttribute.reduce<Value[][]>((all, values) => all.flatMap((combo) => values.map((v) => [...combo, v])), [[]]);
    const existing = await variantCombinations(
      tx,
      product.id,
      config.map((c) => c.id),
    );
    const fresh = combinations.filter((combo) => !existing.has(comboKey(combo)));
    const parentTexts = await tx.select().from(productTranslations).where(eq(productTranslations.productId, product.id));
    const [hasDefault] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.parentId, product.id), eq(products.isDefaultVariant, true)));
    const created: string[] = [];
    for (const [index, combo] of fresh.entries()) {
      const sku = `${product.sku}-${combo.map((v) => v.value).join("-")}`.slice(0, 64);
      await checkSkuFree(tx, sku, null, "values");
      const [variant] = await tx
        .insert(products)
        .values({
          siteId: SITE_ID,
          format: "simple",
          type: product.type,
          sku,
          parentId: product.id,
          isVisibleIndividually: false,
          isDefaultVariant: !hasDefault && index === 0,
          retailPriceCents: product.retailPriceCents,
          priceCents: product.priceCents,
          membershipPriceCents: product.membershipPriceCents,
          taxRateBp: product.taxRateBp,
          stock: product.stock,
          madeToOrder: product.madeToOrder,
          priceUnit: product.priceUnit,
        })
        .returning();
      await tx.insert(productAttributeValues).values(
        combo.map((v) => {
          const numeric = config.find((c) => c.id === v.attributeId)?.type === "numberField" ? Number(v.value) : null;
          return {
            productId: variant.id,
            attributeId: v.attributeId,
            valueId: v.id,
            numberValue: Number.isFinite(numeric) ? numeric : null,
          };
        }),
      );
      await insertVariantTexts(tx, variant.id, parentTexts, combo);
      created.push(sku);
    }
    await syncParentValues(tx, product.id);
    return { value: created.length, audit: { action: "generateVariants", after: { created } } };
  });
}

const comboKey = (combo: Pick<Value, "attributeId" | "id">[]) =>
  combo
    .map((v) => `${v.attributeId}:${v.id}`)
    .sort()
    .join("|");

async function variantCombinations(tx: Executor, parentId: number, attributeIds: number[]): Promise<Set<string>> {
  const rows = await tx
    .select({
      productId: productAttributeValues.productId,
      attributeId: productAttributeValues.attributeId,
      id: productAttributeValues.valueId,
    })
    .from(productAttributeValues)
    .innerJoin(products, eq(products.id, productAttributeValues.productId))
    .where(and(eq(products.parentId, parentId), eq(products.archived, false), inArray(productAttributeValues.attributeId, attributeIds)));
  const byVariant = new Map<number, { attributeId: number; id: number }[]>();
  for (const row of rows)
    if (row.id !== null)
      byVariant.set(row.productId, [...(byVariant.get(row.productId) ?? []), { attributeId: row.attributeId, id: row.id }]);
  return new Set([...byVariant.values()].map(comboKey));
}

async function insertVariantTexts(
  tx: Executor,
  variantId: number,
  parentTexts: (typeof productTranslations.$inferSelect)[],
  combo: Value[],
) {
  for (const text of parentTexts) {
    const locale = LOCALES.find((l) => ({ hr: "hrv", en: "eng", de: "ger" })[l] === text.languageCode) ?? "hr";
    const name = `${text.name} ${combo.map((v) => localized(v.label, locale)).join(" ")}`.slice(0, 200);
    let slug = slugify(`${text.slug}-${combo.map((v) => v.value).join("-")}`).slice(0, 110);
    const [taken] = await tx
      .select({ id: productTranslations.productId })
      .from(productTranslations)
      .where(and(eq(productTranslations.languageCode, text.languageCode), eq(productTranslations.slug, slug)));
    if (taken) slug = `${slug}-${variantId}`;
    await tx
      .insert(productTranslations)
      .values({ productId: variantId, languageCode: text.languageCode, name, slug, shortDescription: text.shortDescription });
  }
}

/** The parent carries exactly the configuring values its live variants have (for the layered filters). */
export async function syncParentValues(tx: Executor, parentId: number) {
  const config = await tx
    .select({ id: productConfigurableAttributes.attributeId })
    .from(productConfigurableAttributes)
    .where(eq(productConfigurableAttributes.productId, parentId));
  const ids = config.map((c) => c.id);
  if (ids.length === 0) return;
  const rows = await tx
    .selectDistinct({
      attributeId: productAttributeValues.attributeId,
      valueId: productAttributeValues.valueId,
      numberValue: productAttributeValues.numberValue,
    })
    .from(productAttributeValues)
    .innerJoin(products, eq(products.id, productAttributeValues.productId))
    .where(and(eq(products.parentId, parentId), eq(products.archived, false), inArray(productAttributeValues.attributeId, ids)));
  await tx
    .delete(productAttributeValues)
    .where(and(eq(productAttributeValues.productId, parentId), inArray(productAttributeValues.attributeId, ids)));
  if (rows.length) await tx.insert(productAttributeValues).values(rows.map((r) => ({ productId: parentId, ...r })));
}

/** A variant of this product, locked; the id of anything else (another product's variant, a forged id) is "not found". */
async function ownVariant(tx: Executor, parentId: number, variantId: number): Promise<Product> {
  const [variant] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, variantId), eq(products.parentId, parentId)))
    .for("update");
  if (!variant)
    throw new DomainError("variantNotFound", { message: "Variant not found", key: "adminProducts.errors.variantNotFound", status: 404 });
  return variant;
}

export async function editVariant(staff: Actor, productId: number, input: VariantEdit) {
  await changeProduct(staff, productId, input.version, async (tx, product) => {
    const variant = await ownVariant(tx, product.id, input.variantId);
    const stock = stockColumn(variant.stock, loadedStock(input.stockLoaded), input.trackStock ? (input.stock ?? 0) : null);
    checkPrices(input, { sold: product.isVisibleIndividually });
    await checkSkuFree(tx, input.sku, variant.id);
    if (input.isDefault)
      await tx
        .update(products)
        .set({ isDefaultVariant: false })
        .where(and(eq(products.parentId, product.id), ne(products.id, variant.id)));
    const [after] = await tx
      .update(products)
      .set({
        sku: input.sku,
        retailPriceCents: input.retailPrice,
        priceCents: input.price,
        membershipPriceCents: input.membershipPrice,
        ...stock,
        isDefaultVariant: input.isDefault,
        version: variant.version + 1,
      })
      .where(eq(products.id, variant.id))
      .returning();
    return {
      value: undefined,
      audit: {
        action: "editVariant",
        before: { variantId: variant.id, ...productFacts(variant) },
        after: { variantId: variant.id, ...productFacts(after), isDefault: after.isDefaultVariant },
      },
    };
  });
}

/** Removes a variant, or archives it when it has been ordered (order lines keep pointing at it). */
export async function removeVariant(staff: Actor, productId: number, version: number, variantId: number): Promise<"deleted" | "archived"> {
  if (!Number.isSafeInteger(variantId)) throw notFound();
  return changeProduct(staff, productId, version, async (tx, product) => {
    const variant = await ownVariant(tx, product.id, variantId);
    const outcome = await removeOrArchive(tx, variant);
    await syncParentValues(tx, product.id);
    return {
      value: outcome,
      audit: { action: outcome === "deleted" ? "removeVariant" : "archiveVariant", before: { variantId, sku: variant.sku } },
    };
  });
}
