import { inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../client.server";
import {
  bundleItems,
  productAttributeValues,
  productCategories,
  productConfigurableAttributes,
  productCrossSells,
  productCustomOptions,
  productTags,
  productTranslations,
  products,
} from "../../schema";
import { SITE_ID } from "../data/options";
import { CUSTOM_LENGTH_OPTION, thicknessValue } from "./data";
import type { FlatProduct } from "./flatten";
import { shippingWeightOf } from "./weights";
import type { AttributeRef } from "./reference.server";

export type CatalogRefs = { categoryIds: Map<string, number>; tagIds: Map<string, number>; attributes: Map<string, AttributeRef> };
type AttributeRow = typeof productAttributeValues.$inferInsert;

/**
 * Inserts the products that are missing (by sku), parents before variants, and the relations
 * of exactly those products; a product that already exists is left as it is. Returns sku → id
 * of every seed product.
 */
export async function seedProducts(tx: Executor, all: FlatProduct[], refs: CatalogRefs): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(
      inArray(
        products.sku,
        all.map((p) => p.sku),
      ),
    );
  const idBySku = new Map(existing.map((r) => [r.sku, r.id]));
  const inserted = new Set<string>();
  for (const level of [all.filter((p) => !p.parentSku), all.filter((p) => p.parentSku)]) {
    const missing = level.filter((p) => !idBySku.has(p.sku));
    if (!missing.length) continue;
    const rows = await tx
      .insert(products)
      .values(missing.map((p) => productRow(p, idBySku)))
      .onConflictDoNothing()
      .returning({ id: products.id, sku: products.sku });
    for (const r of rows) {
      idBySku.set(r.sku, r.id);
      inserted.add(r.sku);
    }
  }
  await insertRelations(
    tx,
    all.filter((p) => inserted.has(p.sku)),
    idBySku,
    refs,
  );
  return idBySku;
}

function productRow(p: FlatProduct, idBySku: Map<string, number>): typeof products.$inferInsert {
  const { sku, format, type, isVisibleIndividually, isDefaultVariant, retailPriceCents, priceCents } = p;
  return {
    siteId: SITE_ID,
    sku,
    format,
    type,
    parentId: p.parentSku ? idBySku.get(p.parentSku)! : null,
    isVisibleIndividually,
    isDefaultVariant,
    retailPriceCents,
    priceCents,
    membershipPriceCents: p.membershipPriceCents,
    categoryPriority: p.categoryPriority,
    stock: p.stock,
    madeToOrder: p.madeToOrder,
    priceUnit: p.priceUnit,
    shippingWeightG: shippingWeightOf(p),
    archived: p.archived,
    eProductUrl: p.eProductUrl,
  };
}

async function insertMany<T extends PgTable>(tx: Executor, table: T, rows: T["$inferInsert"][]) {
  if (rows.length) await tx.insert(table).values(rows).onConflictDoNothing();
}

async function insertRelations(tx: Executor, fresh: FlatProduct[], idBySku: Map<string, number>, refs: CatalogRefs) {
  const id = (sku: string) => {
    const found = idBySku.get(sku);
    if (found === undefined) throw new Error(`Seed refers to unknown sku ${sku}`);
    return found;
  };
  const positions = new Map<string, number>();
  const nextPosition = (category: string) => {
    const n = positions.get(category) ?? 0;
    positions.set(category, n + 1);
    return n;
  };
  await insertMany(
    tx,
    productTranslations,
    fresh.flatMap((p) => Object.entries(p.translations).map(([languageCode, t]) => ({ productId: id(p.sku), languageCode, ...t }))),
  );
  await insertMany(
    tx,
    productCategories,
    fresh.flatMap((p) =>
      p.categories.map((c) => ({ productId: id(p.sku), categoryId: refs.categoryIds.get(c)!, position: nextPosition(c) })),
    ),
  );
  await insertMany(
    tx,
    productTags,
    fresh.flatMap((p) => p.tags.map((t) => ({ productId: id(p.sku), tagId: refs.tagIds.get(t)! }))),
  );
  await insertMany(
    tx,
    productAttributeValues,
    fresh.flatMap((p) => attributeRows(p, id(p.sku), refs.attributes)),
  );
  await insertMany(
    tx,
    productConfigurableAttributes,
    fresh
      .filter((p) => p.configurable)
      .flatMap((p) =>
        ["boja", "debljina"].map((code, position) => ({ productId: id(p.sku), attributeId: refs.attributes.get(code)!.id, position })),
      ),
  );
  await insertMany(
    tx,
    productCustomOptions,
    fresh.filter((p) => p.customLength).map((p) => ({ productId: id(p.sku), ...CUSTOM_LENGTH_OPTION })),
  );
  await insertMany(
    tx,
    bundleItems,
    fresh.flatMap((p) => p.bundle.map((b, position) => ({ bundleId: id(p.sku), productId: id(b.sku), quantity: b.quantity, position }))),
  );
  await insertMany(
    tx,
    productCrossSells,
    fresh.flatMap((p) => p.crossSells.map((sku, position) => ({ productId: id(p.sku), crossSellId: id(sku), position }))),
  );
}

/** One row per value: choice attributes by value id, numbers, yes/no and dates by value. */
export function attributeRows(p: FlatProduct, productId: number, attrs: Map<string, AttributeRef>): AttributeRow[] {
  const attr = (code: string) => attrs.get(code)!;
  const choice = (code: string, value: string): AttributeRow => {
    const valueId = attr(code).values.get(value);
    if (valueId === undefined) throw new Error(`Unknown value ${value} of attribute ${code} on ${p.sku}`);
    return { productId, attributeId: attr(code).id, valueId };
  };
  const a = p.attributes;
  return [
    ...a.boja.map((v) => choice("boja", v)),
    ...(a.materijal ? [choice("materijal", a.materijal)] : []),
    // Thickness is filtered as a number range and configured by value id, so it keeps both.
    ...a.debljina.map((mm) => ({ ...choice("debljina", thicknessValue(mm)), numberValue: mm })),
    ...(a.premaz ?? []).map((v) => choice("premaz", v)),
    ...(a.rekonstrukcija !== undefined ? [{ productId, attributeId: attr("rekonstrukcija").id, boolValue: a.rekonstrukcija }] : []),
    ...(a.dostupno_od ? [{ productId, attributeId: attr("dostupno_od").id, dateValue: a.dostupno_od }] : []),
  ];
}
