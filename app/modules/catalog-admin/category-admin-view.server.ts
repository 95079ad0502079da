import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { attributes } from "~/.server/db/schema";
import { localized } from "~/lib/links";
import { LOCALES, type Locale } from "~/lib/locales";
import { SORT_OPTIONS } from "~/lib/sort-options";
import { auditTrail } from "~/modules/kernel/audit.server";
import { mediaChoices } from "~/modules/media/media-upload.server";
import { SITE_ID } from "~/modules/kernel/options";
import { categoryForEdit, categoryTree, subtreeOf } from "./category-admin.server";
import type { FilterRow } from "./category-filters-form";
import type { CategoryFormValues } from "./category-form";

/** Everything the category edit page shows (/admin/categories/:id, or a new one when id is null). */
export async function categoryEditView(id: number | null, locale: Locale) {
  const [found, tree] = await Promise.all([id === null ? null : categoryForEdit(id), categoryTree()]);
  if (id !== null && !found) return null;
  const below = id === null ? new Set<number>() : subtreeOf(tree, id);
  const parents = tree.filter((row) => !below.has(row.id)).map((row) => ({ id: row.id, label: `${"— ".repeat(row.depth)}${row.name}` }));
  const values: CategoryFormValues = found
    ? {
        version: found.category.version,
        parentId: found.category.parentId === null ? "" : String(found.category.parentId),
        mediaId: found.category.mediaId,
        sortTypes: found.category.sortTypes,
        sortDefaultType: found.category.sortDefaultType,
        translations: Object.fromEntries(
          LOCALES.map((l) => {
            const text = found.translations[l];
            return [
              l,
              text
                ? {
                    name: text.name,
                    title: text.title,
                    slug: text.slug,
                    description: text.description,
                    metaTitle: text.metaTitle,
                    metaDescription: text.metaDescription,
                  }
                : {},
            ];
          }),
        ),
      }
    : { version: 0, parentId: "", mediaId: null, sortTypes: [], sortDefaultType: 1, translations: {} };
  const [media, filters, audit, productCount] = await Promise.all([
    mediaChoices({ include: values.mediaId ? [values.mediaId] : [] }),
    found ? filterRows(found.filters, locale) : Promise.resolve([]),
    id === null ? Promise.resolve([]) : auditTrail("category", id),
    Promise.resolve(tree.find((row) => row.id === id)?.productCount ?? 0),
  ]);
  const childCount = tree.filter((row) => row.parentId === id).length;
  return {
    id,
    values,
    parents,
    sorts: SORT_OPTIONS.map((o) => ({ id: o.id, name: o.name })),
    media,
    filters,
    audit,
    productCount,
    childCount,
  };
}

/** Every filterable attribute as a row of the filters form: the category's own rows first, in their order. */
async function filterRows(
  chosen: { attributeId: number; filterType: FilterRow["type"]; position: number }[],
  locale: Locale,
): Promise<FilterRow[]> {
  const db = await getDb();
  const all = await db
    .select()
    .from(attributes)
    .where(and(eq(attributes.siteId, SITE_ID), eq(attributes.isFilterable, true)))
    .orderBy(asc(attributes.position), asc(attributes.id));
  const rank = (id: number) => {
    const index = chosen.findIndex((f) => f.attributeId === id);
    return index === -1 ? chosen.length + all.findIndex((a) => a.id === id) : index;
  };
  return [...all]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((a, position) => {
      const own = chosen.find((f) => f.attributeId === a.id);
      return {
        attributeId: a.id,
        code: a.code,
        label: localized(a.label, locale),
        attributeType: a.type,
        enabled: Boolean(own),
        type: own?.filterType ?? a.type,
        position: (position + 1) * 10,
      };
    });
}
