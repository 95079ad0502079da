import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { productAttributeValues as pav, products, type AttributeType } from "~/.server/db/schema";
import { formatNumber } from "~/lib/format";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { filterKind } from "./shop-query";
import { categoryFilterRows, categoryWithDescendants, getCatalogMeta, type AttributeMeta, type CatalogMeta } from "./catalog-meta.server";
import { attributeCondition, inCategories, listable, type FilterValue } from "./filter-sql.server";

/**
 * Layered navigation (spec §3 Layered filter, §7 layered/navigation): the filterable
 * attributes present among a category's products, each value with the number of products
 * it would show. Counts are faceted: a value's count is taken among the category's
 * products that match every OTHER active filter (its own attribute's filter is left out,
 * so ticking a second colour shows how many that colour adds). minValue/maxValue of
 * number, date and dateTime attributes span the whole category, so the range inputs keep
 * their bounds while a range is applied.
 */
export type LayeredValue = {
  key: string; // value id, "yes"/"no", or "range"
  valueLabel: string; // empty for yes/no: the page translates those
  totalProducts: number;
  attributeID: number;
  swatch: string | null;
  minValue: number | string | null;
  maxValue: number | string | null;
  /** A number range's ends written in the page's language ("0,5" in Croatian), for display. */
  minLabel: string | null;
  maxLabel: string | null;
};
export type LayeredFilter = {
  attributeID: number;
  attributeCode: string;
  label: string;
  type: AttributeType;
  unit: string | null;
  values: LayeredValue[];
};

const navigationCache = namedCache<LayeredFilter[]>("layered-navigation", { ttlSeconds: 120, max: 1000 });

export async function layeredNavigation(
  input: { categoryId?: number; filters?: Record<string, FilterValue> },
  locale: Locale,
): Promise<LayeredFilter[]> {
  const meta = await getCatalogMeta();
  const attributes = shownAttributes(meta, input.categoryId);
  if (attributes.length === 0) return [];
  const db = await getDb();
  const active = Object.entries(input.filters ?? {}).flatMap(([key, value]) => {
    const attribute = attributes.find((a) => String(a.id) === key);
    const condition = attribute ? attributeCondition(db, attribute, value) : null;
    return attribute && condition ? [{ attribute, value, condition }] : [];
  });
  const normalised = active
    .map((a) => [a.attribute.id, Array.isArray(a.value) ? [...a.value].sort((x, y) => x - y) : a.value] as const)
    .sort(([x], [y]) => x - y);
  const key = JSON.stringify([locale, input.categoryId ?? null, normalised]);
  return navigationCache.wrap(key, async () => {
    const base: SQL[] = [listable()];
    if (input.categoryId !== undefined) base.push(inCategories(db, categoryWithDescendants(meta, input.categoryId)));
    // One flag per active filter on each product of the category ...
    const flags = Object.fromEntries(active.map((a, i) => [`f${i}`, sql<boolean>`${a.condition}`.as(`f${i}`)]));
    const set = db.$with("product_set").as(
      db
        .select({ id: products.id, ...flags })
        .from(products)
        .where(and(...base)),
    );
    // ... and a product counts for a value when it passes every filter but that value's own attribute's.
    const passes = active.length
      ? sql.join(
          active.map((a, i) => sql`(${pav.attributeId} = ${a.attribute.id} or ${sql.raw(`"product_set"."f${i}"`)})`),
          sql` and `,
        )
      : sql`true`;
    // Range attributes count as one group whatever values they list (a product with two thicknesses counts once).
    const rangeIds = attributes.filter((a) => filterKind(a.type) === "range").map((a) => a.id);
    const group = rangeIds.length
      ? sql`case when ${pav.attributeId} in (${sql.raw(rangeIds.join(","))}) then null else ${pav.valueId} end`
      : sql`${pav.valueId}`;
    const rows = await db
      .with(set)
      .select({
        attributeId: pav.attributeId,
        valueId: sql<number | null>`${group}`,
        boolValue: pav.boolValue,
        total: sql<number>`(count(distinct ${pav.productId}) filter (where ${passes}))::int`,
        minNumber: sql<number | null>`min(${pav.numberValue})::float8`,
        maxNumber: sql<number | null>`max(${pav.numberValue})::float8`,
        minDate: sql<string | null>`min(${pav.dateValue})::text`,
        maxDate: sql<string | null>`max(${pav.dateValue})::text`,
        minDateTime: sql<string | null>`to_char(min(${pav.dateTimeValue}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')`,
        maxDateTime: sql<string | null>`to_char(max(${pav.dateTimeValue}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')`,
      })
      .from(pav)
      .innerJoin(set, eq(set.id, pav.productId))
      .where(
        inArray(
          pav.attributeId,
          attributes.map((a) => a.id),
        ),
      )
      .groupBy(sql.raw("1, 2, 3"));
    return attributes.flatMap((attribute) => {
      const own = rows.filter((r) => r.attributeId === attribute.id);
      return own.length ? [shape(attribute, own, locale)] : [];
    });
  });
}

/**
 * The attributes the category's panel shows, in order, each with the type it is shown as:
 * the category's (or its nearest ancestor's) category_filters rows, else every filterable
 * attribute with its own type. An attribute marked not filterable is never shown.
 */
function shownAttributes(meta: CatalogMeta, categoryId: number | undefined): AttributeMeta[] {
  const filterable = meta.attributes.filter((a) => a.isFilterable);
  const rows = categoryFilterRows(meta, categoryId);
  if (!rows) return filterable;
  return rows.flatMap((row) => {
    const attribute = filterable.find((a) => a.id === row.attributeId);
    return attribute ? [{ ...attribute, filterType: row.type }] : [];
  });
}

type Row = {
  valueId: number | null;
  boolValue: boolean | null;
  total: number;
  minNumber: number | null;
  maxNumber: number | null;
  minDate: string | null;
  maxDate: string | null;
  minDateTime: string | null;
  maxDateTime: string | null;
};

function shape(attribute: AttributeMeta, rows: Row[], locale: Locale): LayeredFilter {
  const entry = (key: string, valueLabel: string, totalProducts: number, extra: Partial<LayeredValue> = {}): LayeredValue => ({
    key,
    valueLabel,
    totalProducts,
    attributeID: attribute.id,
    swatch: null,
    minValue: null,
    maxValue: null,
    minLabel: null,
    maxLabel: null,
    ...extra,
  });
  const kind = filterKind(attribute.type);
  let values: LayeredValue[];
  if (kind === "yesNo") {
    const total = (answer: boolean) => rows.find((r) => r.boolValue === answer)?.total ?? 0;
    values = [entry("yes", "", total(true)), entry("no", "", total(false))];
  } else if (kind === "range") {
    const row = rows[0];
    const [minValue, maxValue] =
      attribute.type === "numberField"
        ? [row.minNumber, row.maxNumber]
        : attribute.type === "date"
          ? [row.minDate, row.maxDate]
          : [row.minDateTime, row.maxDateTime];
    // Numbers are shown in the locale's notation ("0,5 mm" in Croatian, as a Croatian reader writes it);
    // minValue and maxValue stay machine numbers for the inputs.
    const label = (value: number | string | null) => (typeof value === "number" ? formatNumber(value, locale) : value);
    values = [entry("range", "", row.total, { minValue, maxValue, minLabel: label(minValue), maxLabel: label(maxValue) })];
  } else {
    // In the attribute's own value order; only values some product of the category has.
    values = attribute.values.flatMap((v) => {
      const row = rows.find((r) => r.valueId === v.id);
      return row ? [entry(String(v.id), localized(v.label, locale), row.total, { swatch: v.swatch })] : [];
    });
  }
  return {
    attributeID: attribute.id,
    attributeCode: attribute.code,
    label: localized(attribute.label, locale),
    type: attribute.filterType ?? attribute.type,
    unit: attribute.unit,
    values,
  };
}

/** Spec §8: a failed layered navigation is only logged; the page renders without filters. */
export async function safeLayeredNavigation(...args: Parameters<typeof layeredNavigation>): Promise<LayeredFilter[]> {
  try {
    return await layeredNavigation(...args);
  } catch (error) {
    console.error("Layered navigation failed", error);
    return [];
  }
}
