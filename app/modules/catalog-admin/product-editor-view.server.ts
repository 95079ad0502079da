import { and, asc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import {
  attributes,
  attributeSetAttributes,
  attributeSets,
  attributeValues,
  bundleItems,
  categories,
  categoryTranslations,
  media,
  orderItems,
  productAttributeValues,
  productCategories,
  productCrossSells,
  productCustomOptions,
  productMedia,
  products,
  productTags,
  productTranslations,
  tags,
} from "~/.server/db/schema";
import { localized } from "~/lib/links";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { discountPercent, taxPart } from "~/lib/prices";
import { href } from "~/lib/routes-table";
import { auditTrail } from "~/modules/kernel/audit.server";
import { mediaChoices } from "~/modules/media/media-upload.server";
import { SITE_ID } from "~/modules/kernel/options";
import { defaultProductDescriptions } from "~/modules/templates/product-template.server";
import { configuringAttributes } from "./product-variants.server";

/** Everything the product editor's page shows, in the backoffice user's language for labels. */
export async function productEditorView(productId: number, locale: Locale) {
  const db = await getDb();
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, SITE_ID)));
  if (!product) return null;
  const [texts, categoryRows, tagRows, valueRows, imageRows, crossRows, optionRows, partRows, variants, ordered] = await Promise.all([
    db.select().from(productTranslations).where(eq(productTranslations.productId, productId)),
    db
      .select({ id: productCategories.categoryId, position: productCategories.position })
      .from(productCategories)
      .where(eq(productCategories.productId, productId)),
    db.select({ id: productTags.tagId }).from(productTags).where(eq(productTags.productId, productId)),
    db.select().from(productAttributeValues).where(eq(productAttributeValues.productId, productId)),
    db.select().from(productMedia).where(eq(productMedia.productId, productId)).orderBy(asc(productMedia.position)),
    db
      .select({ id: productCrossSells.crossSellId })
      .from(productCrossSells)
      .where(eq(productCrossSells.productId, productId))
      .orderBy(asc(productCrossSells.position)),
    db.select().from(productCustomOptions).where(eq(productCustomOptions.productId, productId)).orderBy(asc(productCustomOptions.position)),
    db.select().from(bundleItems).where(eq(bundleItems.bundleId, productId)).orderBy(asc(bundleItems.position)),
    db.select().from(products).where(eq(products.parentId, productId)).orderBy(asc(products.id)),
    db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(or(eq(orderItems.productId, productId), eq(orderItems.variantId, productId)))
      .limit(1),
  ]);
  const related = [...crossRows.map((r) => r.id), ...partRows.map((r) => r.productId), ...(product.parentId ? [product.parentId] : [])];
  const [names, variantValues, config, eFile] = await Promise.all([
    productNames(related),
    variants.length
      ? db
          .select({
            productId: productAttributeValues.productId,
            attributeId: productAttributeValues.attributeId,
            label: attributeValues.label,
          })
          .from(productAttributeValues)
          .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.valueId))
          .where(
            inArray(
              productAttributeValues.productId,
              variants.map((v) => v.id),
            ),
          )
      : Promise.resolve([]),
    configuringAttributes(db, productId),
    product.eProductMediaId
      ? db.select({ name: media.originalName }).from(media).where(eq(media.id, product.eProductMediaId))
      : Promise.resolve([]),
  ]);
  // A language not written yet starts with DefaultProductTemplate (saved only once it gets a name).
  const starting = await defaultProductDescriptions();
  const translations = Object.fromEntries(
    LOCALES.map((l) => {
      const t = texts.find((row) => row.languageCode === LOCALE_LANGUAGE_CODE[l]);
      return [
        l,
        {
          name: t?.name ?? "",
          slug: t?.slug ?? "",
          shortDescription: t?.shortDescription ?? "",
          description: t?.description ?? starting[l],
          metaTitle: t?.metaTitle ?? "",
          metaDescription: t?.metaDescription ?? "",
        },
      ];
    }),
  ) as Record<
    Locale,
    { name: string; slug: string; shortDescription: string; description: string; metaTitle: string; metaDescription: string }
  >;
  const imageIds = imageRows.map((r) => r.mediaId);
  const live = !product.archived && product.isVisibleIndividually && !product.parentId;
  return {
    product: {
      ...product,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
      basicPriceCents: product.priceCents - taxPart(product.priceCents, product.taxRateBp),
      discountPercent: discountPercent(product.retailPriceCents, product.priceCents),
      ordered: ordered.length > 0,
      parentName: product.parentId ? (names.get(product.parentId) ?? "") : null,
      eProductFileName: eFile[0]?.name ?? null,
    },
    translations,
    // Preview: the shop's own page in each language once the product is visible (docs/decisions/0046).
    preview: live
      ? (Object.fromEntries(LOCALES.map((l) => [l, href("product", l, { slug: translations[l].slug || translations.hr.slug })])) as Record<
          Locale,
          string
        >)
      : null,
    categoryIds: categoryRows.map((r) => r.id),
    categoryPositions: Object.fromEntries(categoryRows.map((r) => [r.id, r.position])) as Record<number, number>,
    tagIds: tagRows.map((r) => r.id),
    attributeValues: valueRows.map((r) => ({
      attributeId: r.attributeId,
      valueId: r.valueId,
      number: r.numberValue,
      bool: r.boolValue,
      date: r.dateValue,
      dateTime: r.dateTimeValue?.toISOString().slice(0, 16) ?? null,
    })),
    images: imageRows.map((r) => ({ id: r.mediaId, position: r.position, isDefault: r.isDefault })),
    mediaChoices: await mediaChoices({ include: imageIds }),
    crossSells: crossRows.map((r) => ({ id: r.id, name: names.get(r.id) ?? "" })),
    options: optionRows.map((o) => ({
      ...o,
      values: o.values.map((v) => (v.sku ? `${localized(v.label, "hr")} | ${v.sku}` : localized(v.label, "hr"))).join("\n"),
    })),
    parts: partRows.map((p) => ({ ...p, name: names.get(p.productId) ?? "" })),
    configuring: config.map((c) => ({
      id: c.id,
      code: c.code,
      label: localized(c.label, locale),
      values: c.values.map((v) => ({ id: v.id, label: localized(v.label, locale) })),
    })),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      retailPriceCents: v.retailPriceCents,
      priceCents: v.priceCents,
      membershipPriceCents: v.membershipPriceCents,
      stock: v.stock,
      isDefault: v.isDefaultVariant,
      archived: v.archived,
      values: variantValues
        .filter((r) => r.productId === v.id && config.some((c) => c.id === r.attributeId))
        .map((r) => localized(r.label, locale))
        .join(", "),
    })),
    ...(await editorChoices(locale)),
    audit: await auditTrail("product", productId),
  };
}

async function productNames(ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: products.id, sku: products.sku, name: productTranslations.name })
    .from(products)
    .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.name ?? ""} (${r.sku})`]));
}

/** The site's categories, tags, attributes with values and attribute sets, to choose from. */
export async function editorChoices(locale: Locale) {
  const db = await getDb();
  const language = LOCALE_LANGUAGE_CODE[locale];
  const [cats, catTexts, tagRows, attrs, values, sets, setAttrs] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, position: categories.position })
      .from(categories)
      .where(eq(categories.siteId, SITE_ID))
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: categoryTranslations.categoryId, languageCode: categoryTranslations.languageCode, name: categoryTranslations.name })
      .from(categoryTranslations),
    db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.siteId, SITE_ID)).orderBy(asc(tags.name)),
    db.select().from(attributes).where(eq(attributes.siteId, SITE_ID)).orderBy(asc(attributes.position), asc(attributes.id)),
    db.select().from(attributeValues).orderBy(asc(attributeValues.position), asc(attributeValues.id)),
    db
      .select({ id: attributeSets.id, name: attributeSets.name })
      .from(attributeSets)
      .where(eq(attributeSets.siteId, SITE_ID))
      .orderBy(asc(attributeSets.name)),
    db.select().from(attributeSetAttributes),
  ]);
  const name = (id: number) =>
    catTexts.find((t) => t.id === id && t.languageCode === language)?.name ??
    catTexts.find((t) => t.id === id && t.languageCode === "hrv")?.name ??
    String(id);
  const depth = (id: number | null, n = 0): number =>
    id === null || n > 10 ? n : depth(cats.find((c) => c.id === id)?.parentId ?? null, n + 1);
  return {
    categories: cats.map((c) => ({ id: c.id, name: name(c.id), depth: depth(c.parentId) })),
    tags: tagRows,
    attributes: attrs.map((a) => ({
      id: a.id,
      code: a.code,
      type: a.type,
      unit: a.unit,
      label: localized(a.label, locale),
      values: values.filter((v) => v.attributeId === a.id).map((v) => ({ id: v.id, value: v.value, label: localized(v.label, locale) })),
    })),
    attributeSets: sets.map((s) => ({
      ...s,
      attributeIds: setAttrs
        .filter((a) => a.setId === s.id)
        .sort((a, b) => a.position - b.position)
        .map((a) => a.attributeId),
    })),
  };
}
