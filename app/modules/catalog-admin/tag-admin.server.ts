import { and, asc, count, eq, ne } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import { getDb, type Executor } from "~/.server/db/client.server";
import { productTags, tags } from "~/.server/db/schema";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { FEATURED_TAG } from "~/modules/catalog/filter-sql.server";
import { HERO_TAG, TOP_TAG } from "~/modules/home/home.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * Product tags (docs/decisions/0048). The home page's blocks and the
 * featured block of category pages find their products by tag NAME ("Hero", "Top
 * proizvodi"): renaming or deleting one of those would silently empty them, so it is
 * refused; products are tagged and untagged in the product editor instead.
 */
export const RESERVED_TAGS: readonly string[] = [...new Set([HERO_TAG, TOP_TAG, FEATURED_TAG])];

const refuse = (code: string, field?: string, values?: Record<string, string | number>, status = 400): never => {
  throw new DomainError(code, { message: code, key: `adminCatalog.tags.errors.${code}`, field, values, status });
};

export async function listTags() {
  const db = await getDb();
  const rows = await db
    .select({ id: tags.id, name: tags.name, products: count(productTags.productId) })
    .from(tags)
    .leftJoin(productTags, eq(productTags.tagId, tags.id))
    .where(eq(tags.siteId, SITE_ID))
    .groupBy(tags.id)
    .orderBy(asc(tags.name));
  return rows.map((row) => ({ ...row, reserved: RESERVED_TAGS.includes(row.name) }));
}

async function checkFree(tx: Executor, name: string, id: number | null) {
  const [taken] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.siteId, SITE_ID), eq(tags.name, name), id ? ne(tags.id, id) : undefined));
  if (taken) refuse("nameTaken", "name");
}

async function lockTag(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.siteId, SITE_ID)))
    .for("update");
  return row ?? refuse("notFound", undefined, undefined, 404);
}

export async function createTag(staff: Staff, name: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await checkFree(tx, name, null);
    const [row] = await tx.insert(tags).values({ siteId: SITE_ID, name }).returning({ id: tags.id });
    await recordAudit(tx, staff, { entity: "tag", entityId: row.id, action: "create", after: { name } });
  });
  await dataChanged("product");
}

/** Renames a tag; `was` is the name the form showed (someone else renamed it meanwhile: 409). */
export async function renameTag(staff: Staff, id: number, name: string, was: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockTag(tx, id);
    if (row.name !== was)
      throw new DomainError("staleEdit", { message: "The record was changed by someone else", key: "admin.staleEdit", status: 409 });
    if (row.name === name) return;
    if (RESERVED_TAGS.includes(row.name)) refuse("reserved", "name", { name: row.name });
    await checkFree(tx, name, id);
    await tx.update(tags).set({ name }).where(eq(tags.id, id));
    await recordAudit(tx, staff, { entity: "tag", entityId: id, action: "rename", before: { name: row.name }, after: { name } });
  });
  await dataChanged("product");
}

/** Deletes a tag; returns how many products lost it. */
export async function deleteTag(staff: Staff, id: number): Promise<{ name: string; products: number }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const row = await lockTag(tx, id);
    if (RESERVED_TAGS.includes(row.name)) refuse("reserved", undefined, { name: row.name });
    const [{ n }] = await tx.select({ n: count() }).from(productTags).where(eq(productTags.tagId, id));
    await tx.delete(tags).where(eq(tags.id, id));
    await recordAudit(tx, staff, { entity: "tag", entityId: id, action: "delete", before: { name: row.name, products: n } });
    return { name: row.name, products: n };
  });
  await dataChanged("product");
  return result;
}
