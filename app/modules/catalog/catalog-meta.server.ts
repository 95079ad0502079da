import { asc, eq, inArray } from "drizzle-orm";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import {
  attributes,
  attributeValues,
  categories,
  categoryFilters,
  categoryTranslations,
  type AttributeType,
  type LocalisedText,
} from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import type { FilterDef } from "./shop-query";

/**
 * The small, slowly changing part of the catalogue every list request needs: the category
 * tree with its texts and the attributes with their values. Read in four queries and
 * cached (plain JSON, so the Redis backend can hold it too); cleared from the admin cache
 * page or by dataChanged("category") after an edit.
 */
export type CategoryText = { name: string; title: string; slug: string; description: string; metaTitle: string; metaDescription: string };
export type CategoryNode = {
  id: number;
  parentId: number | null;
  position: number;
  sortTypes: number[];
  sortDefaultType: number;
  mediaId: number | null;
  /** The category's own filters (category_filters), in order; empty = see categoryFilterRows. */
  filters: { attributeId: number; type: AttributeType }[];
  texts: Record<string, CategoryText>; // by language code (hrv, eng, ger)
};
export type AttributeMeta = {
  id: number;
  code: string;
  type: AttributeType;
  label: LocalisedText;
  unit: string | null;
  isFilterable: boolean;
  /** How a category's filter panel shows it, when the category chose (category_filters). */
  filterType?: AttributeType;
  values: { id: number; label: LocalisedText; swatch: string | null }[];
};
export type CatalogMeta = { categories: CategoryNode[]; attributes: AttributeMeta[] };

const SOURCE_LANGUAGE = "hrv";
const metaCache = namedCache<CatalogMeta>("catalog-meta", { ttlSeconds: 600, max: 4 });

export function getCatalogMeta(): Promise<CatalogMeta> {
  return metaCache.wrap("all", loadCatalogMeta);
}

async function loadCatalogMeta(): Promise<CatalogMeta> {
  const db = await getDb();
  const [categoryRows, attributeRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.siteId, SITE_ID)).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(attributes).where(eq(attributes.siteId, SITE_ID)).orderBy(asc(attributes.position), asc(attributes.id)),
  ]);
  const [texts, values, filterRows] = await Promise.all([
    categoryRows.length
      ? db
          .select()
          .from(categoryTranslations)
          .where(
            inArray(
              categoryTranslations.categoryId,
              categoryRows.map((c) => c.id),
            ),
          )
      : [],
    attributeRows.length
      ? db
          .select()
          .from(attributeValues)
          .where(
            inArray(
              attributeValues.attributeId,
              attributeRows.map((a) => a.id),
            ),
          )
          .orderBy(asc(attributeValues.position), asc(attributeValues.id))
      : [],
    categoryRows.length
      ? db
          .select()
          .from(categoryFilters)
          .where(
            inArray(
              categoryFilters.categoryId,
              categoryRows.map((c) => c.id),
            ),
          )
          .orderBy(asc(categoryFilters.position))
      : [],
  ]);
  return {
    categories: categoryRows.map((c) => ({
      id: c.id,
      parentId: c.parentId,
      position: c.position,
      sortTypes: c.sortTypes,
      sortDefaultType: c.sortDefaultType,
      mediaId: c.mediaId,
      filters: filterRows.filter((f) => f.categoryId === c.id).map((f) => ({ attributeId: f.attributeId, type: f.filterType })),
      texts: Object.fromEntries(
        texts
          .filter((t) => t.categoryId === c.id)
          .map((t) => [
            t.languageCode,
            {
              name: t.name,
              title: t.title,
              slug: t.slug,
              description: t.description,
              metaTitle: t.metaTitle,
              metaDescription: t.metaDescription,
            },
          ]),
      ),
    })),
    attributes: attributeRows.map((a) => ({
      id: a.id,
      code: a.code,
      type: a.type,
      label: a.label,
      unit: a.unit,
      isFilterable: a.isFilterable,
      values: values.filter((v) => v.attributeId === a.id).map((v) => ({ id: v.id, label: v.label, swatch: v.swatch })),
    })),
  };
}

/** A category's texts in the locale's language, else in Croatian (the source language). */
export function categoryText(node: CategoryNode, locale: Locale): CategoryText {
  const own = node.texts[LOCALE_LANGUAGE_CODE[locale]];
  const source = node.texts[SOURCE_LANGUAGE];
  return (
    own ??
    source ??
    Object.values(node.texts)[0] ?? { name: "", title: "", slug: String(node.id), description: "", metaTitle: "", metaDescription: "" }
  );
}

/** The languages a category has its own name and text in (Croatian, the source, always). */
export function categoryLanguages(node: CategoryNode): Locale[] {
  return LOCALES.filter((l) => l === "hr" || LOCALE_LANGUAGE_CODE[l] in node.texts);
}

/** A category and its ancestors, the top one first (the breadcrumb's trail). */
export function categoryTrail(meta: CatalogMeta, category: CategoryNode | null): CategoryNode[] {
  const trail: CategoryNode[] = [];
  for (let node = category; node && !trail.includes(node); node = meta.categories.find((c) => c.id === node!.parentId) ?? null)
    trail.unshift(node);
  return trail;
}

/**
 * The category a URL names: by its slug in the locale's language, else by its Croatian
 * slug (links in content name categories by it). `canonicalSlug` differs from the asked
 * slug when the visitor should be redirected to the category's own URL in this language.
 */
export function findCategoryBySlug(meta: CatalogMeta, slug: string, locale: Locale): { node: CategoryNode; canonicalSlug: string } | null {
  const language = LOCALE_LANGUAGE_CODE[locale];
  const node =
    meta.categories.find((c) => c.texts[language]?.slug === slug) ?? meta.categories.find((c) => c.texts[SOURCE_LANGUAGE]?.slug === slug);
  return node ? { node, canonicalSlug: categoryText(node, locale).slug } : null;
}

/** The category and all categories below it: a category lists its sub-categories' products too. */
export function categoryWithDescendants(meta: CatalogMeta, id: number): number[] {
  const result = [id];
  for (let i = 0; i < result.length; i++) {
    for (const child of meta.categories) if (child.parentId === result[i] && !result.includes(child.id)) result.push(child.id);
  }
  return result;
}

/** The filter definitions a URL may name: every filterable attribute of the site. */
export function filterDefs(meta: CatalogMeta): FilterDef[] {
  return meta.attributes.filter((a) => a.isFilterable).map((a) => ({ id: a.id, code: a.code, type: a.type }));
}

/**
 * The filters a category's list shows (decision 0048): its own category_filters rows, else
 * those of its nearest ancestor that has rows (a sub-category inherits what its parent
 * chose), else null: every filterable attribute with its own type, as before.
 */
export function categoryFilterRows(meta: CatalogMeta, categoryId: number | undefined): CategoryNode["filters"] | null {
  const seen = new Set<number>();
  for (
    let node = meta.categories.find((c) => c.id === categoryId);
    node && !seen.has(node.id);
    node = meta.categories.find((c) => c.id === node!.parentId)
  ) {
    seen.add(node.id);
    if (node.filters.length) return node.filters;
  }
  return null;
}
