import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../client.server";
import { attributeValues, attributes, categories, categoryTranslations, tags, type AttributeType } from "../../schema";
import { SITE_ID } from "../data/options";
import { ATTRIBUTES, CATEGORIES, TAGS } from "./data";

export type AttributeRef = { id: number; type: AttributeType; values: Map<string, number> };

/** Tag name → id. */
export async function seedTags(tx: Executor): Promise<Map<string, number>> {
  await tx
    .insert(tags)
    .values(TAGS.map((name) => ({ siteId: SITE_ID, name })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.siteId, SITE_ID));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Attribute code → id, type and value ids. */
export async function seedAttributes(tx: Executor): Promise<Map<string, AttributeRef>> {
  await tx
    .insert(attributes)
    .values(
      ATTRIBUTES.map((a, position) => ({ siteId: SITE_ID, code: a.code, type: a.type, label: a.label, unit: a.unit ?? null, position })),
    )
    .onConflictDoNothing();
  const rows = await tx.select().from(attributes).where(eq(attributes.siteId, SITE_ID));
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const values = ATTRIBUTES.flatMap((a) =>
    a.values.map((v, position) => ({ attributeId: idOf.get(a.code)!, value: v.value, label: v.label, swatch: v.swatch ?? null, position })),
  );
  await tx.insert(attributeValues).values(values).onConflictDoNothing();
  const valueRows = await tx
    .select({ id: attributeValues.id, attributeId: attributeValues.attributeId, value: attributeValues.value })
    .from(attributeValues)
    .where(
      inArray(
        attributeValues.attributeId,
        rows.map((r) => r.id),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.code,
      { id: r.id, type: r.type, values: new Map(valueRows.filter((v) => v.attributeId === r.id).map((v) => [v.value, v.id])) },
    ]),
  );
}

/**
 * Category Croatian slug → id. A category counts as present when its Croatian slug exists;
 * only missing ones are inserted, parents first (CATEGORIES lists them in that order).
 */
export async function seedCategories(tx: Executor): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: categoryTranslations.categoryId, slug: categoryTranslations.slug })
    .from(categoryTranslations)
    .where(
      and(
        eq(categoryTranslations.languageCode, "hrv"),
        inArray(
          categoryTranslations.slug,
          CATEGORIES.map((c) => c.slug),
        ),
      ),
    );
  const ids = new Map(existing.map((r) => [r.slug, r.id]));
  const positions = new Map<string, number>();
  for (const c of CATEGORIES) {
    const siblingKey = c.parent ?? "";
    const position = positions.get(siblingKey) ?? 0;
    positions.set(siblingKey, position + 1);
    if (ids.has(c.slug)) continue;
    const [row] = await tx
      .insert(categories)
      .values({
        siteId: SITE_ID,
        parentId: c.parent ? ids.get(c.parent)! : null,
        position,
        sortTypes: c.sortTypes,
        sortDefaultType: c.sortDefaultType,
      })
      .returning({ id: categories.id });
    ids.set(c.slug, row.id);
    const other = Object.entries(c.i18n).map(([languageCode, t]) => ({ languageCode, name: t.name, title: t.name, slug: t.slug! }));
    await tx
      .insert(categoryTranslations)
      .values(
        [{ languageCode: "hrv", name: c.name, title: c.title, slug: c.slug, description: c.description }, ...other].map((t) => ({
          ...t,
          categoryId: row.id,
        })),
      )
      .onConflictDoNothing();
  }
  return ids;
}
