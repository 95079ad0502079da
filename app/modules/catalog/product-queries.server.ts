import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import {
  attributes,
  attributeValues,
  media,
  productAttributeValues,
  productCustomOptions,
  productMedia,
  productTranslations,
} from "~/.server/db/schema";
import { getFixedT } from "~/.server/i18n.server";
import { formatDate, formatNumber } from "~/lib/format";
import { localized } from "~/lib/links";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import type { AttributeRow, CustomOption } from "./product-view";

/**
 * The building blocks of the product page, each one query for any number of products
 * (batched with inArray, never one query per product). All lookups hit a primary key or an
 * index: product_media, product_translations, product_custom_options lead with product_id;
 * product_attribute_values has (product_id, attribute_id).
 */

export const CONTENT_LANGUAGE = "hrv"; // Croatian, the source language: the fallback text

/** Images per product: the default first, then by position (spec: images, default first). */
export async function loadImages(ids: number[], locale: Locale): Promise<Map<number, MediaRef[]>> {
  const result = new Map<number, MediaRef[]>();
  if (ids.length === 0) return result;
  const db = await getDb();
  const rows = await db
    .select({
      productId: productMedia.productId,
      driveId: media.driveId,
      title: media.title,
      alt: media.alt,
      width: media.width,
      height: media.height,
      version: media.version,
    })
    .from(productMedia)
    .innerJoin(media, eq(media.id, productMedia.mediaId))
    .where(and(inArray(productMedia.productId, ids), eq(media.access, "public")))
    .orderBy(desc(productMedia.isDefault), asc(productMedia.position), asc(media.id));
  for (const { productId, alt, ...rest } of rows) {
    const list = result.get(productId) ?? [];
    list.push({ ...rest, alt: localized(alt, locale) || rest.title });
    result.set(productId, list);
  }
  return result;
}

export type TranslationRow = {
  productId: number;
  languageCode: string;
  name: string;
  slug: string;
  shortDescription: string;
  description: string;
  // Search-engine title and description (empty: derived from the name and short description).
  metaTitle: string;
  metaDescription: string;
};

/** Texts of the products in the locale's language and Croatian (every language when `all`). */
export async function loadTranslations(ids: number[], locale: Locale, { all = false } = {}): Promise<TranslationRow[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const language = LOCALE_LANGUAGE_CODE[locale];
  return db
    .select({
      productId: productTranslations.productId,
      languageCode: productTranslations.languageCode,
      name: productTranslations.name,
      slug: productTranslations.slug,
      shortDescription: productTranslations.shortDescription,
      description: productTranslations.description,
      metaTitle: productTranslations.metaTitle,
      metaDescription: productTranslations.metaDescription,
    })
    .from(productTranslations)
    .where(
      and(
        inArray(productTranslations.productId, ids),
        all ? undefined : or(eq(productTranslations.languageCode, language), eq(productTranslations.languageCode, CONTENT_LANGUAGE)),
      ),
    );
}

/** A product's text in the locale's language, else in Croatian. */
export function pickTranslation(rows: TranslationRow[], productId: number, locale: Locale): TranslationRow | undefined {
  const own = rows.filter((r) => r.productId === productId);
  return own.find((r) => r.languageCode === LOCALE_LANGUAGE_CODE[locale]) ?? own.find((r) => r.languageCode === CONTENT_LANGUAGE);
}

/**
 * The attribute table (spec §3 attributes: label, attributeValue) in the page's language;
 * several values of one attribute (a multipleSelect) join with commas. `skip` leaves out
 * the attributes a configurable product is configured by: its selects show those.
 */
export async function loadDisplayAttributes(
  productId: number,
  locale: Locale,
  skip: ReadonlySet<string> = new Set(),
): Promise<AttributeRow[]> {
  const db = await getDb();
  const [rows, t] = await Promise.all([
    db
      .select({
        code: attributes.code,
        type: attributes.type,
        label: attributes.label,
        unit: attributes.unit,
        valueLabel: attributeValues.label,
        numberValue: productAttributeValues.numberValue,
        boolValue: productAttributeValues.boolValue,
        dateValue: productAttributeValues.dateValue,
        dateTimeValue: productAttributeValues.dateTimeValue,
      })
      .from(productAttributeValues)
      .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
      .leftJoin(attributeValues, eq(attributeValues.id, productAttributeValues.valueId))
      .where(eq(productAttributeValues.productId, productId))
      .orderBy(asc(attributes.position), asc(attributes.id), asc(attributeValues.position)),
    getFixedT(locale),
  ]);
  const table: AttributeRow[] = [];
  for (const row of rows) {
    if (skip.has(row.code)) continue;
    let value: string | null = null;
    if (row.valueLabel) value = localized(row.valueLabel, locale);
    else if (row.numberValue !== null) value = `${formatNumber(row.numberValue, locale)}${row.unit ? ` ${row.unit}` : ""}`;
    else if (row.boolValue !== null) value = t(row.boolValue ? "product.yes" : "product.no");
    else if (row.dateValue)
      value = formatDate(row.dateValue, locale, { style: "medium", timeZone: "UTC" }); // a calendar date, stored without a zone
    else if (row.dateTimeValue) value = formatDate(row.dateTimeValue, locale, { style: "medium", time: "short" });
    if (!value) continue;
    const last = table[table.length - 1];
    if (last?.code === row.code) last.value = `${last.value}, ${value}`;
    else table.push({ code: row.code, label: localized(row.label, locale), value });
  }
  return table;
}

/** Buyer-entered options (spec §3 customOptions: text or number, label, min, max, unit). */
export async function loadCustomOptions(productId: number, locale: Locale): Promise<CustomOption[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(productCustomOptions)
    .where(eq(productCustomOptions.productId, productId))
    .orderBy(asc(productCustomOptions.position), asc(productCustomOptions.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    type: r.optionType,
    label: localized(r.label, locale),
    required: r.required,
    min: r.minValue,
    max: r.maxValue,
    unit: r.unit,
    isLength: r.isLength,
  }));
}
