import { and, asc, eq, ilike, or } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { categories, categoryTranslations, pages, pageTranslations, products, productTranslations, tags } from "~/.server/db/schema";
import { likePattern } from "~/modules/kernel/list.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { PICK_KINDS } from "./edit.schema";

/**
 * The searchable lists of the editing dialogs (spec §2 link options, post list, product
 * list, product categories): what a link or a section may point at, in the language being
 * edited, as `{ label, target }` where target is what a stored link or slider keeps (a
 * slug, or a tag's name). At most 20, by name.
 */
export type PickItem = { id: number; label: string; target: string };
const LIMIT = 20;

export async function pickList(kind: (typeof PICK_KINDS)[number], q: string, languageCode: string): Promise<PickItem[]> {
  const db = await getDb();
  const pattern = likePattern(q);
  switch (kind) {
    case "page":
    case "post": {
      const rows = await db
        .select({ id: pages.id, label: pageTranslations.title, target: pageTranslations.slug })
        .from(pageTranslations)
        .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
        .where(
          and(
            eq(pages.siteId, SITE_ID),
            eq(pages.postType, kind),
            eq(pageTranslations.languageCode, languageCode),
            q ? or(ilike(pageTranslations.title, pattern), ilike(pageTranslations.slug, pattern)) : undefined,
          ),
        )
        .orderBy(asc(pageTranslations.title))
        .limit(LIMIT);
      return rows;
    }
    case "product":
      return db
        .select({ id: products.id, label: productTranslations.name, target: productTranslations.slug })
        .from(productTranslations)
        .innerJoin(products, eq(products.id, productTranslations.productId))
        .where(
          and(
            eq(products.siteId, SITE_ID),
            eq(products.archived, false),
            eq(productTranslations.languageCode, languageCode),
            q ? or(ilike(productTranslations.name, pattern), ilike(productTranslations.slug, pattern)) : undefined,
          ),
        )
        .orderBy(asc(productTranslations.name))
        .limit(LIMIT);
    case "category":
      return db
        .select({ id: categories.id, label: categoryTranslations.name, target: categoryTranslations.slug })
        .from(categoryTranslations)
        .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
        .where(
          and(
            eq(categories.siteId, SITE_ID),
            eq(categoryTranslations.languageCode, languageCode),
            q ? ilike(categoryTranslations.name, pattern) : undefined,
          ),
        )
        .orderBy(asc(categoryTranslations.name))
        .limit(LIMIT);
    case "tag":
      return db
        .select({ id: tags.id, label: tags.name, target: tags.name })
        .from(tags)
        .where(and(eq(tags.siteId, SITE_ID), q ? ilike(tags.name, pattern) : undefined))
        .orderBy(asc(tags.name))
        .limit(LIMIT);
  }
}

/** The backoffice editor of a product or category shown on a page, by its slug in any language (edit-mode outlines). */
export async function adminEditorPath(kind: "product" | "category", slug: string): Promise<string | null> {
  const db = await getDb();
  if (kind === "product") {
    const [row] = await db
      .select({ id: productTranslations.productId })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(and(eq(products.siteId, SITE_ID), eq(productTranslations.slug, slug)))
      .limit(1);
    return row ? `/admin/products/${row.id}` : null;
  }
  const [row] = await db
    .select({ id: categoryTranslations.categoryId })
    .from(categoryTranslations)
    .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
    .where(and(eq(categories.siteId, SITE_ID), eq(categoryTranslations.slug, slug)))
    .limit(1);
  return row ? `/admin/categories/${row.id}` : null;
}
