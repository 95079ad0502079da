import { and, asc, eq, ilike } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { tags } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { sortOptionsFor } from "~/lib/sort-options";
import { SITE_ID } from "~/modules/kernel/options";
import { categoryText, getCatalogMeta, type CatalogMeta, type CategoryNode } from "./catalog-meta.server";

/**
 * Catalogue reads a headless storefront needs besides the product list (spec §7 web/category/*,
 * web/tag/filter): the category tree the shop's menu and category pages read (the cached
 * catalogue meta), in the caller's language.
 */
export type CategoryView = {
  id: number;
  parentId: number | null;
  position: number;
  name: string;
  title: string;
  slug: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  /** Spec §5: the sort options the category allows (all eight when it names none) and its default. */
  sortTypes: number[];
  sortDefaultType: number;
  mediaId: number | null;
};
export type CategoryTreeNode = CategoryView & { children: CategoryTreeNode[] };

function view(node: CategoryNode, locale: Locale): CategoryView {
  const text = categoryText(node, locale);
  return {
    id: node.id,
    parentId: node.parentId,
    position: node.position,
    name: text.name,
    title: text.title,
    slug: text.slug,
    description: text.description,
    metaTitle: text.metaTitle,
    metaDescription: text.metaDescription,
    sortTypes: sortOptionsFor(node).map((o) => o.id),
    sortDefaultType: node.sortDefaultType,
    mediaId: node.mediaId,
  };
}

export async function getCategory(id: number, locale: Locale): Promise<CategoryView | null> {
  const meta = await getCatalogMeta();
  const node = meta.categories.find((c) => c.id === id);
  return node ? view(node, locale) : null;
}

const byPosition = (a: CategoryNode, b: CategoryNode) => a.position - b.position || a.id - b.id;

/** Categories below `parentId` (the top ones for null), as a tree or flat by id ascending (spec §7 "sort id ascending"). */
export async function listCategories(
  locale: Locale,
  { parentId = null, tree = true }: { parentId?: number | null; tree?: boolean } = {},
): Promise<CategoryTreeNode[] | CategoryView[]> {
  const meta: CatalogMeta = await getCatalogMeta();
  if (!tree) {
    const all = parentId === null ? meta.categories : meta.categories.filter((c) => c.parentId === parentId);
    return [...all].sort((a, b) => a.id - b.id).map((n) => view(n, locale));
  }
  const build = (parent: number | null, seen: Set<number>): CategoryTreeNode[] =>
    meta.categories
      .filter((c) => c.parentId === parent && !seen.has(c.id))
      .sort(byPosition)
      .map((c) => ({ ...view(c, locale), children: build(c.id, new Set([...seen, c.id])) }));
  return build(parentId, new Set());
}

/** Product tags of the site (e.g. "Top proizvodi"), by name. */
export async function listTags({ keywords }: { keywords?: string } = {}): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  const where = keywords?.trim()
    ? and(eq(tags.siteId, SITE_ID), ilike(tags.name, `%${keywords.trim().replace(/[%_\\]/g, "\\$&")}%`))
    : eq(tags.siteId, SITE_ID);
  return db.select({ id: tags.id, name: tags.name }).from(tags).where(where).orderBy(asc(tags.name), asc(tags.id));
}
