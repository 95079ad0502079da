import { and, eq, inArray } from "drizzle-orm";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import * as s from "~/.server/db/schema";

/**
 * What the product list tests compare against, read straight from the tables with the
 * spec's rules written out again in plain code, not through the service under test.
 */
export type Row = { id: number; sku: string; name: string; price: number; priority: number; archived: boolean; visible: boolean };

export async function categoryId(db: Database, slug: string) {
  const [row] = await db
    .select({ id: s.categoryTranslations.categoryId })
    .from(s.categoryTranslations)
    .where(eq(s.categoryTranslations.slug, slug));
  return row.id;
}

export async function attribute(db: Database, code: string) {
  const [attr] = await db.select().from(s.attributes).where(eq(s.attributes.code, code));
  const values = await db.select().from(s.attributeValues).where(eq(s.attributeValues.attributeId, attr.id));
  return { id: attr.id, valueId: (value: string) => values.find((v) => v.value === value)!.id };
}

/** The shoppable products of a category and its sub-categories, with their Croatian names. */
export async function productsIn(db: Database, slug: string): Promise<Row[]> {
  const root = await categoryId(db, slug);
  const cats = await db.select({ id: s.categories.id, parentId: s.categories.parentId }).from(s.categories);
  const ids = [root];
  for (let i = 0; i < ids.length; i++) for (const c of cats) if (c.parentId === ids[i]) ids.push(c.id);
  const rows = await db
    .selectDistinct({
      id: s.products.id,
      sku: s.products.sku,
      name: s.productTranslations.name,
      price: s.products.priceCents,
      priority: s.products.categoryPriority,
      archived: s.products.archived,
      visible: s.products.isVisibleIndividually,
    })
    .from(s.products)
    .innerJoin(s.productCategories, eq(s.productCategories.productId, s.products.id))
    .innerJoin(
      s.productTranslations,
      and(eq(s.productTranslations.productId, s.products.id), eq(s.productTranslations.languageCode, "hrv")),
    )
    .where(inArray(s.productCategories.categoryId, ids));
  return rows.filter((r) => !r.archived && r.visible);
}

/** Product ids having one of the values of an attribute. */
export async function withValues(db: Database, attributeId: number, valueIds: number[]) {
  const rows = await db
    .select({ id: s.productAttributeValues.productId })
    .from(s.productAttributeValues)
    .where(and(eq(s.productAttributeValues.attributeId, attributeId), inArray(s.productAttributeValues.valueId, valueIds)));
  return new Set(rows.map((r) => r.id));
}

/** Product ids with a number value of the attribute inside [min, max]. */
export async function withNumberBetween(db: Database, attributeId: number, min: number, max: number) {
  const rows = await db
    .select({ id: s.productAttributeValues.productId, n: s.productAttributeValues.numberValue })
    .from(s.productAttributeValues)
    .where(eq(s.productAttributeValues.attributeId, attributeId));
  return new Set(rows.filter((r) => r.n !== null && r.n >= min && r.n <= max).map((r) => r.id));
}

/** Product ids answering a yes/no attribute with `answer`. */
export async function withAnswer(db: Database, attributeId: number, answer: boolean) {
  const rows = await db
    .select({ id: s.productAttributeValues.productId })
    .from(s.productAttributeValues)
    .where(and(eq(s.productAttributeValues.attributeId, attributeId), eq(s.productAttributeValues.boolValue, answer)));
  return new Set(rows.map((r) => r.id));
}

const folded = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .toLowerCase();
const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/** Spec §9's sort options; ties fall back to the id, ascending. */
export function expectedOrder(rows: Row[], sort: number): number[] {
  const key: Record<number, [(r: Row) => number | string, 1 | -1]> = {
    1: [(r) => r.id, -1],
    2: [(r) => r.id, 1],
    3: [(r) => r.price, 1],
    4: [(r) => r.price, -1],
    5: [(r) => folded(r.name), 1],
    6: [(r) => folded(r.name), -1],
    7: [(r) => r.priority, 1],
    8: [(r) => r.priority, -1],
  };
  const [of, dir] = key[sort];
  return [...rows].sort((a, b) => dir * cmp(of(a), of(b)) || a.id - b.id).map((r) => r.id);
}

/**
 * A category "Testni paneli" with `count` shoppable products (and one archived), enough for
 * more than 9 pages. Caches are cleared so the new rows show.
 */
export async function seedBigCategory(db: Database, count: number) {
  const [category] = await db
    .insert(s.categories)
    .values({ siteId: 1, sortTypes: [], sortDefaultType: 1 })
    .returning({ id: s.categories.id });
  await db.insert(s.categoryTranslations).values([
    { categoryId: category.id, languageCode: "hrv", name: "Testni paneli", slug: "testni-paneli" },
    { categoryId: category.id, languageCode: "eng", name: "Test panels", slug: "test-panels" },
  ]);
  const made = await db
    .insert(s.products)
    .values(
      Array.from({ length: count + 1 }, (_, i) => ({
        siteId: 1,
        sku: `TEST-${String(i).padStart(4, "0")}`,
        retailPriceCents: 1000 + i,
        priceCents: 1000 + i,
        categoryPriority: i % 7,
        stock: 5,
        archived: i === count, // the last one
      })),
    )
    .returning({ id: s.products.id, sku: s.products.sku });
  await db
    .insert(s.productTranslations)
    .values(made.map((p) => ({ productId: p.id, languageCode: "hrv", name: `Testni panel ${p.sku}`, slug: p.sku.toLowerCase() })));
  await db.insert(s.productCategories).values(made.map((p) => ({ productId: p.id, categoryId: category.id })));
  await clearShopCaches();
  return { categoryId: category.id, archivedSku: made[count].sku };
}

export async function clearShopCaches() {
  for (const name of ["catalog-meta", "product-list", "layered-navigation"]) await clearCache(name);
}
