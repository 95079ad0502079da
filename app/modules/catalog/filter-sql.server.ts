import { and, between, eq, exists, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/.server/db/client.server";
import { productAttributeValues, productCategories, products, productTags, productTranslations, tags } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { filterKind, rangeEnd } from "./shop-query";
import type { AttributeMeta } from "./catalog-meta.server";

/**
 * SQL conditions on `products` shared by the product list and the layered navigation, so
 * that a filter means the same thing in the list and in the counts. Each is a correlated
 * EXISTS / IN on an indexed column; none multiplies the product rows.
 */

/** A filter of spec §3: value ids of a choice attribute, a min/max pair, or yes/no. */
export type RangeFilter = { min: number | string | null; max: number | string | null };
export type FilterValue = readonly number[] | RangeFilter | boolean;

/** The tag that marks featured products (the home page's "Top proizvodi" slider uses it too). */
export const FEATURED_TAG = "Top proizvodi";

/** What every list shows: the site's products that are not archived and are sold on their own. */
export function listable(): SQL {
  return and(eq(products.siteId, SITE_ID), eq(products.archived, false), eq(products.isVisibleIndividually, true))!;
}

export function inCategories(db: Database, categoryIds: number[]): SQL {
  return inArray(
    products.id,
    db.select({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, categoryIds)),
  );
}

/**
 * A product matches an attribute filter: any of the value ids (OR within an attribute),
 * the yes/no answer, or a value inside [min, max]; a range with an open end is no filter
 * (spec §4: sent only when both ends are set). A value of the wrong shape for the
 * attribute's type is ignored, never an error.
 */
export function attributeCondition(db: Database, attribute: Pick<AttributeMeta, "id" | "type">, value: FilterValue): SQL | null {
  const v = alias(productAttributeValues, "filter_value");
  const kind = filterKind(attribute.type);
  let match: SQL | undefined;
  if (Array.isArray(value)) {
    const ids = value.filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31);
    if (kind !== "values" || ids.length === 0) return null;
    match = inArray(v.valueId, ids);
  } else if (typeof value === "boolean") {
    if (kind !== "yesNo") return null;
    match = eq(v.boolValue, value);
  } else if (typeof value === "object" && value !== null && kind === "range") {
    const range = value as RangeFilter;
    const min = rangeEnd(attribute.type, range.min === null ? null : String(range.min));
    const max = rangeEnd(attribute.type, range.max === null ? null : String(range.max));
    if (min === null || max === null) return null;
    if (attribute.type === "numberField") match = between(v.numberValue, Number(min), Number(max));
    else if (attribute.type === "date") match = between(v.dateValue, min, max);
    // A dateTime end is minute-precise (datetime-local input) and read as UTC; the max is inclusive.
    else match = between(v.dateTimeValue, new Date(`${min}Z`), new Date(Date.parse(`${max}Z`) + 59_999));
  } else {
    return null;
  }
  return exists(
    db
      .select({ one: sql`1` })
      .from(v)
      .where(and(eq(v.productId, products.id), eq(v.attributeId, attribute.id), match)),
  );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every keyword appears in the product's name (in the locale's language or Croatian,
 * ignoring case and diacritics) or in its sku. The search screen has its own ranking;
 * this keeps searchProducts honest for callers that pass keywords.
 */
export function keywordCondition(db: Database, keywords: string, languages: string[]): SQL | null {
  const words = keywords.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return null;
  const t = alias(productTranslations, "keyword_text");
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word.toLowerCase())}%`;
      return or(
        ilike(products.sku, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(t)
            .where(
              and(
                eq(t.productId, products.id),
                inArray(t.languageCode, languages),
                sql`unaccent(lower(${t.name})) like unaccent(${pattern})`,
              ),
            ),
        ),
      );
    }),
  )!;
}

export function featuredCondition(db: Database): SQL {
  return inArray(
    products.id,
    db
      .select({ id: productTags.productId })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(and(eq(tags.siteId, SITE_ID), eq(tags.name, FEATURED_TAG))),
  );
}

/** Sold below the retail price (spec §5 optional discount filter). */
export function discountCondition(): SQL {
  return lt(products.priceCents, products.retailPriceCents);
}
