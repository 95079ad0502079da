import { and, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { categories, productCategories, productTags, products, tags } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { ProductBulkInput } from "./product-bulk.schema";

type Actor = Pick<Staff, "id" | "email">;
export type BulkResult = { changed: number; skipped: number };

/**
 * A bulk action of the product list on the ticked products (decision 0047): one
 * transaction with the rows locked, an audit row per changed product, its version moved
 * on (an editor open on it then refuses a stale save), and the product caches cleared once
 * after the commit. Rows already in the wanted state count as skipped.
 */
export async function bulkProducts(staff: Actor, input: ProductBulkInput): Promise<BulkResult> {
  const db = await getDb();
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return { changed: 0, skipped: 0 };
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: products.id, visible: products.isVisibleIndividually })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.siteId, SITE_ID), isNull(products.parentId)))
      .orderBy(products.id)
      .for("update");
    const found = rows.map((row) => row.id);
    switch (input.intent) {
      case "publish":
      case "hide":
        return setVisibility(tx, staff, rows, input.intent === "publish");
      case "addCategory":
        return addToCategory(tx, staff, found, input.category);
      case "addTag":
        return addTag(tx, staff, found, input.tag);
    }
  });
  if (changed > 0) await dataChanged("product");
  return { changed, skipped: ids.length - changed };
}

async function bump(tx: Executor, id: number, values: Partial<typeof products.$inferInsert> = {}) {
  await tx
    .update(products)
    .set({ ...values, version: sql`${products.version} + 1` })
    .where(eq(products.id, id));
}

async function setVisibility(tx: Executor, staff: Actor, rows: { id: number; visible: boolean }[], visible: boolean): Promise<number> {
  const moving = rows.filter((row) => row.visible !== visible);
  for (const row of moving) {
    await bump(tx, row.id, { isVisibleIndividually: visible });
    await recordAudit(tx, staff, {
      entity: "product",
      entityId: row.id,
      action: visible ? "publish" : "hide",
      before: { visible: row.visible },
      after: { visible },
    });
  }
  return moving.length;
}

async function addToCategory(tx: Executor, staff: Actor, ids: number[], categoryId: number): Promise<number> {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.siteId, SITE_ID)));
  if (!category)
    throw new DomainError("categoryNotFound", { message: "Category not found", key: "adminProductList.bulk.chooseCategory", status: 400 });
  if (ids.length === 0) return 0;
  const already = new Set(
    (
      await tx
        .select({ id: productCategories.productId })
        .from(productCategories)
        .where(and(eq(productCategories.categoryId, categoryId), inArray(productCategories.productId, ids)))
    ).map((r) => r.id),
  );
  const adding = ids.filter((id) => !already.has(id));
  if (adding.length === 0) return 0;
  // At the end of the category's own order, in the order they were ticked.
  const [{ last }] = await tx
    .select({ last: max(productCategories.position) })
    .from(productCategories)
    .where(eq(productCategories.categoryId, categoryId));
  await tx.insert(productCategories).values(adding.map((productId, i) => ({ productId, categoryId, position: (last ?? -1) + 1 + i })));
  for (const id of adding) {
    await bump(tx, id);
    await recordAudit(tx, staff, { entity: "product", entityId: id, action: "addCategory", after: { categoryId } });
  }
  return adding.length;
}

async function addTag(tx: Executor, staff: Actor, ids: number[], tagId: number): Promise<number> {
  const [tag] = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.siteId, SITE_ID)));
  if (!tag) throw new DomainError("tagNotFound", { message: "Tag not found", key: "adminProductList.bulk.chooseTag", status: 400 });
  if (ids.length === 0) return 0;
  const already = new Set(
    (
      await tx
        .select({ id: productTags.productId })
        .from(productTags)
        .where(and(eq(productTags.tagId, tagId), inArray(productTags.productId, ids)))
    ).map((r) => r.id),
  );
  const adding = ids.filter((id) => !already.has(id));
  if (adding.length === 0) return 0;
  await tx.insert(productTags).values(adding.map((productId) => ({ productId, tagId })));
  for (const id of adding) {
    await bump(tx, id);
    await recordAudit(tx, staff, { entity: "product", entityId: id, action: "addTag", after: { tagId, tag: tag.name } });
  }
  return adding.length;
}
