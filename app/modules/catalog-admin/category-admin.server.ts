import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import { getDb, type Executor } from "~/.server/db/client.server";
import { attributes, categories, categoryFilters, categoryTranslations, productCategories } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { publicImages } from "~/modules/media/media-upload.server";
import { SITE_ID } from "~/modules/kernel/options";
import { givenTranslations, type CategoryFiltersInput, type CategoryFormInput } from "./category-admin.schema";
import { filterTypeFits } from "./filter-types";
import { redirectChangedSlug } from "~/modules/redirects/slug-redirects.server";

/**
 * The category tree of the backoffice (docs/decisions/0048): edit texts per
 * language, parent, image and sort options; order among siblings; the category's filters;
 * delete when empty. Every change locks the row, checks the posted version, writes
 * version + 1 and its audit row in one transaction, then clears the caches of categories.
 */
const refuse = (code: string, field?: string, values?: Record<string, string | number>, status = 400): never => {
  throw new DomainError(code, { message: code, key: `adminCatalog.categories.errors.${code}`, field, values, status });
};

export type TreeRow = {
  id: number;
  parentId: number | null;
  depth: number;
  position: number;
  version: number;
  name: string;
  slug: string;
  productCount: number;
};

/** Every category, parents before their children, siblings by position: the indented tree. */
export async function categoryTree(): Promise<TreeRow[]> {
  const db = await getDb();
  const [rows, texts, counts] = await Promise.all([
    db.select().from(categories).where(eq(categories.siteId, SITE_ID)).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(categoryTranslations).where(eq(categoryTranslations.languageCode, LOCALE_LANGUAGE_CODE.hr)),
    db.select({ id: productCategories.categoryId, n: count() }).from(productCategories).groupBy(productCategories.categoryId),
  ]);
  const tree: TreeRow[] = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const c of rows.filter((row) => row.parentId === parentId)) {
      const text = texts.find((t) => t.categoryId === c.id);
      tree.push({
        id: c.id,
        parentId,
        depth,
        position: c.position,
        version: c.version,
        name: text?.name ?? `#${c.id}`,
        slug: text?.slug ?? "",
        productCount: counts.find((n) => n.id === c.id)?.n ?? 0,
      });
      if (depth < 20) visit(c.id, depth + 1);
    }
  };
  visit(null, 0);
  return tree;
}

/** The ids of a category and everything below it (a category cannot move under one of them). */
export function subtreeOf(tree: { id: number; parentId: number | null }[], id: number): Set<number> {
  const ids = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of tree) {
      if (row.parentId === null || !ids.has(row.parentId) || ids.has(row.id)) continue;
      ids.add(row.id);
      grew = true;
    }
  }
  return ids;
}

export async function categoryForEdit(id: number) {
  const db = await getDb();
  const [category] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.siteId, SITE_ID)));
  if (!category) return null;
  const [texts, filters] = await Promise.all([
    db.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, id)),
    db.select().from(categoryFilters).where(eq(categoryFilters.categoryId, id)).orderBy(asc(categoryFilters.position)),
  ]);
  const translations = Object.fromEntries(
    LOCALES.flatMap((l) => texts.filter((t) => t.languageCode === LOCALE_LANGUAGE_CODE[l]).map((t) => [l, t])),
  );
  return { category, translations: translations as Partial<Record<Locale, (typeof texts)[number]>>, filters };
}

async function lockCategory(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.siteId, SITE_ID)))
    .for("update");
  return row ?? refuse("notFound", undefined, undefined, 404);
}

async function checkSlugsFree(tx: Executor, id: number | null, input: CategoryFormInput) {
  for (const [locale, text] of givenTranslations(input)) {
    const taken = await tx
      .select({ id: categoryTranslations.categoryId })
      .from(categoryTranslations)
      .where(
        and(
          eq(categoryTranslations.languageCode, LOCALE_LANGUAGE_CODE[locale]),
          eq(categoryTranslations.slug, text.slug),
          id ? ne(categoryTranslations.categoryId, id) : undefined,
        ),
      );
    if (taken.length) refuse("slugTaken", `translations.${locale}.slug`);
  }
}

async function checkParent(tx: Executor, id: number | null, parentId: number | undefined) {
  if (parentId === undefined) return;
  const all = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.siteId, SITE_ID));
  if (!all.some((c) => c.id === parentId)) refuse("parentMissing", "parentId");
  if (id !== null && subtreeOf(all, id).has(parentId)) refuse("parentInside", "parentId");
}

/** Creates (id null) or updates a category from the edit form; returns its id. */
export async function saveCategory(
  staff: Staff,
  id: number | null,
  input: CategoryFormInput,
  uploadedMediaId: number | null = null,
): Promise<number> {
  const mediaId = uploadedMediaId ?? input.mediaId ?? null;
  if (mediaId !== null && uploadedMediaId === null && !(await publicImages([mediaId])).has(mediaId)) refuse("imageMissing", "mediaId");
  const db = await getDb();
  const savedId = await db.transaction(async (tx) => {
    const before = id === null ? null : await lockCategory(tx, id);
    if (before) checkVersion(before.version, input.version);
    await checkParent(tx, id, input.parentId);
    await checkSlugsFree(tx, id, input);
    const parentId = input.parentId ?? null;
    const fields = { parentId, mediaId, sortTypes: [...input.sortTypes].sort((a, b) => a - b), sortDefaultType: input.sortDefaultType };
    let rowId: number;
    if (before) {
      // A category moved under another parent goes to the end of its new siblings.
      const position = before.parentId === parentId ? before.position : await nextPosition(tx, parentId);
      await tx
        .update(categories)
        .set({ ...fields, position, version: before.version + 1 })
        .where(eq(categories.id, before.id));
      rowId = before.id;
    } else {
      const [created] = await tx
        .insert(categories)
        .values({ siteId: SITE_ID, ...fields, position: await nextPosition(tx, parentId) })
        .returning({ id: categories.id });
      rowId = created.id;
    }
    const textsBefore = await writeTexts(tx, rowId, input);
    await recordAudit(tx, staff, {
      entity: "category",
      entityId: rowId,
      action: before ? "update" : "create",
      before: before
        ? {
            parentId: before.parentId,
            mediaId: before.mediaId,
            sortTypes: before.sortTypes,
            sortDefaultType: before.sortDefaultType,
            texts: textsBefore,
          }
        : null,
      after: { ...fields, texts: Object.fromEntries(givenTranslations(input).map(([l, t]) => [l, { name: t.name, slug: t.slug }])) },
    });
    return rowId;
  });
  await dataChanged("category");
  return savedId;
}

async function nextPosition(tx: Executor, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${categories.position})` })
    .from(categories)
    .where(
      and(eq(categories.siteId, SITE_ID), parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, parentId)),
    );
  return (row?.max ?? -1) + 1;
}

/** Replaces the texts: given languages are upserted, emptied ones removed; changed slugs redirect. */
async function writeTexts(tx: Executor, id: number, input: CategoryFormInput) {
  const old = await tx.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, id));
  const given = givenTranslations(input);
  for (const locale of LOCALES) {
    const code = LOCALE_LANGUAGE_CODE[locale];
    const was = old.find((t) => t.languageCode === code);
    const text = given.find(([l]) => l === locale)?.[1];
    if (!text) {
      if (was)
        await tx
          .delete(categoryTranslations)
          .where(and(eq(categoryTranslations.categoryId, id), eq(categoryTranslations.languageCode, code)));
      continue;
    }
    const values = { ...text, description: sanitizeCmsHtml(text.description) };
    await tx
      .insert(categoryTranslations)
      .values({ categoryId: id, languageCode: code, ...values })
      .onConflictDoUpdate({ target: [categoryTranslations.categoryId, categoryTranslations.languageCode], set: values });
    // An emptied language falls back to Croatian: its old address would then 404, so it
    // redirects only when the language keeps a slug.
    if (was && was.slug !== text.slug) await redirectChangedSlug(tx, "shop", locale, was.slug, text.slug);
  }
  return Object.fromEntries(old.map((t) => [t.languageCode, { name: t.name, slug: t.slug }]));
}

/** Up or down among its siblings: swaps positions with the neighbour (siblings renumbered 0..n first). */
export async function moveCategory(staff: Staff, id: number, direction: "up" | "down", version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    checkVersion(row.version, version);
    const siblings = await tx
      .select()
      .from(categories)
      .where(
        and(
          eq(categories.siteId, SITE_ID),
          row.parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, row.parentId),
        ),
      )
      .orderBy(asc(categories.position), asc(categories.id))
      .for("update");
    const index = siblings.findIndex((s) => s.id === id);
    const other = index + (direction === "up" ? -1 : 1);
    if (other < 0 || other >= siblings.length) refuse(direction === "up" ? "alreadyFirst" : "alreadyLast");
    const order = siblings.map((s) => s.id);
    [order[index], order[other]] = [order[other], order[index]];
    for (const [position, siblingId] of order.entries()) {
      const sibling = siblings.find((s) => s.id === siblingId)!;
      if (sibling.position === position) continue;
      await tx
        .update(categories)
        .set({ position, version: sibling.version + 1 })
        .where(eq(categories.id, siblingId));
    }
    await recordAudit(tx, staff, {
      entity: "category",
      entityId: id,
      action: direction === "up" ? "moveUp" : "moveDown",
      before: { position: row.position },
      after: { position: order.indexOf(id) },
    });
  });
  await dataChanged("category");
}

/** The category's filters: the ticked attributes, in the posted order, each with a type that fits it. */
export async function saveCategoryFilters(staff: Staff, id: number, input: CategoryFiltersInput): Promise<void> {
  const chosen = input.filters.filter((f) => f.enabled === "on").sort((a, b) => a.position - b.position);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    checkVersion(row.version, input.version);
    const known = chosen.length
      ? await tx
          .select()
          .from(attributes)
          .where(
            and(
              eq(attributes.siteId, SITE_ID),
              inArray(
                attributes.id,
                chosen.map((f) => f.attributeId),
              ),
            ),
          )
      : [];
    for (const filter of chosen) {
      const attribute = known.find((a) => a.id === filter.attributeId) ?? refuse("attributeMissing", "filters");
      if (!filterTypeFits(attribute.type, filter.type)) refuse("filterTypeMismatch", "filters", { attribute: attribute.code });
    }
    const before = await tx.select().from(categoryFilters).where(eq(categoryFilters.categoryId, id)).orderBy(asc(categoryFilters.position));
    await tx.delete(categoryFilters).where(eq(categoryFilters.categoryId, id));
    const rows = [...new Map(chosen.map((f) => [f.attributeId, f])).values()].map((f, position) => ({
      categoryId: id,
      attributeId: f.attributeId,
      filterType: f.type,
      position,
    }));
    if (rows.length) await tx.insert(categoryFilters).values(rows);
    await tx
      .update(categories)
      .set({ version: row.version + 1 })
      .where(eq(categories.id, id));
    const shape = (list: { attributeId: number; filterType: string }[]) => list.map((f) => `${f.attributeId}:${f.filterType}`);
    await recordAudit(tx, staff, {
      entity: "category",
      entityId: id,
      action: "filters",
      before: { filters: shape(before) },
      after: { filters: shape(rows) },
    });
  });
  await dataChanged("category");
}

/** Deletes an empty category: refused while it has products or sub-categories (the message says how many). */
export async function deleteCategory(staff: Staff, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    checkVersion(row.version, version);
    const [[products], [children]] = await Promise.all([
      tx.select({ n: count() }).from(productCategories).where(eq(productCategories.categoryId, id)),
      tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
    ]);
    if (products.n > 0 || children.n > 0) refuse("notEmpty", undefined, { products: products.n, children: children.n }, 409);
    const texts = await tx.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, id));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, staff, {
      entity: "category",
      entityId: id,
      action: "delete",
      before: { parentId: row.parentId, texts: Object.fromEntries(texts.map((t) => [t.languageCode, t.name])) },
    });
  });
  await dataChanged("category");
}
