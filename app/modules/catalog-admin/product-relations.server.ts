import { publicImages } from "~/modules/media/media-upload.server";
import { and, eq, ilike, inArray, max, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import {
  attributes,
  attributeValues,
  categories,
  productAttributeValues,
  productCategories,
  productConfigurableAttributes,
  productCrossSells,
  productMedia,
  products,
  productTags,
  productTranslations,
  tags,
} from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { refused, type Product } from "./product-lock.server";
import type { ProductSave } from "./product-editor.schema";

/**
 * The relations the editor's main form writes (decision 0046): categories, tags,
 * attribute values, images and cross-sells. Every posted id is checked against what
 * exists (a forged id of another site's row or of nothing is refused, never stored).
 */

/** Categories: the ticked ones, at the posted place; without one a new membership goes to the end of its category. */
export async function writeCategories(tx: Executor, productId: number, ids: number[], positions: ProductSave["categoryPositions"] = []) {
  const found = ids.length
    ? await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(inArray(categories.id, ids), eq(categories.siteId, SITE_ID)))
    : [];
  if (found.length !== new Set(ids).size) throw refused("unknownCategory", "adminProducts.errors.unknownChoice", "categories");
  await tx
    .delete(productCategories)
    .where(and(eq(productCategories.productId, productId), ids.length ? notInArray(productCategories.categoryId, ids) : undefined));
  const current = new Set(
    (await tx.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, productId))).map(
      (r) => r.id,
    ),
  );
  for (const categoryId of ids.filter((id) => !current.has(id))) {
    const [last] = await tx
      .select({ position: max(productCategories.position) })
      .from(productCategories)
      .where(eq(productCategories.categoryId, categoryId));
    await tx.insert(productCategories).values({ productId, categoryId, position: (last?.position ?? -1) + 1 });
  }
  for (const { id, position } of positions) {
    if (position === undefined || !ids.includes(id)) continue;
    await tx
      .update(productCategories)
      .set({ position })
      .where(and(eq(productCategories.productId, productId), eq(productCategories.categoryId, id)));
  }
}

/** Tags: the ticked ones plus a new tag by name (created once per site). */
export async function writeTags(tx: Executor, productId: number, ids: number[], newTag: string) {
  const found = ids.length
    ? await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(inArray(tags.id, ids), eq(tags.siteId, SITE_ID)))
    : [];
  if (found.length !== new Set(ids).size) throw refused("unknownTag", "adminProducts.errors.unknownChoice", "tags");
  const all = new Set(ids);
  if (newTag) {
    await tx.insert(tags).values({ siteId: SITE_ID, name: newTag }).onConflictDoNothing();
    const [tag] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.siteId, SITE_ID), eq(tags.name, newTag)));
    all.add(tag.id);
  }
  await tx.delete(productTags).where(eq(productTags.productId, productId));
  if (all.size) await tx.insert(productTags).values([...all].map((tagId) => ({ productId, tagId })));
}

type AttributeRow = typeof productAttributeValues.$inferInsert;

/**
 * Attribute values by the attribute's type: a choice (dropdown, swatches) one value id, a
 * multiple select several, a number field a number (with the listed value of that number,
 * as the configurator offers thicknesses by id), yes/no, a date, a date and time. The
 * attributes a configurable product is configured by are left alone: they follow its variants.
 */
export async function writeAttributes(tx: Executor, product: Product, posted: ProductSave["attrs"]) {
  const attributeIds = [...new Set(posted.map((a) => a.id))];
  if (attributeIds.length === 0) return;
  const defs = await tx
    .select()
    .from(attributes)
    .where(and(inArray(attributes.id, attributeIds), eq(attributes.siteId, SITE_ID)));
  if (defs.length !== attributeIds.length) throw refused("unknownAttribute", "adminProducts.errors.unknownChoice", "attrs");
  const configured = new Set(
    (
      await tx
        .select({ id: productConfigurableAttributes.attributeId })
        .from(productConfigurableAttributes)
        .where(eq(productConfigurableAttributes.productId, product.id))
    ).map((r) => r.id),
  );
  const values = await tx.select().from(attributeValues).where(inArray(attributeValues.attributeId, attributeIds));
  const rows: AttributeRow[] = [];
  const written: number[] = [];
  for (const def of defs) {
    if (configured.has(def.id)) continue;
    written.push(def.id);
    const typed = posted
      .filter((a) => a.id === def.id)
      .flatMap((a) => a.values)
      .filter((v) => v !== "");
    const field = `attrs`;
    const own = values.filter((v) => v.attributeId === def.id);
    const base = { productId: product.id, attributeId: def.id };
    if (def.type === "numberField") {
      for (const raw of typed.slice(0, 1)) {
        const number = Number(raw.replace(",", "."));
        if (!Number.isFinite(number) || Math.abs(number) > 1e9) throw refused("badNumber", "core.validation.number", field);
        const listed = own.find((v) => Number(v.value) === number);
        rows.push({ ...base, numberValue: number, valueId: listed?.id ?? null });
      }
    } else if (def.type === "yesNo") {
      for (const raw of typed.slice(0, 1)) rows.push({ ...base, boolValue: raw === "yes" });
    } else if (def.type === "date" || def.type === "dateTime") {
      for (const raw of typed.slice(0, 1)) {
        const pattern = def.type === "date" ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
        if (!pattern.test(raw) || Number.isNaN(Date.parse(raw))) throw refused("badDate", "adminProducts.errors.badDate", field);
        rows.push(def.type === "date" ? { ...base, dateValue: raw } : { ...base, dateTimeValue: new Date(raw) });
      }
    } else {
      const chosen = def.type === "multipleSelect" ? [...new Set(typed)] : typed.slice(0, 1);
      for (const raw of chosen) {
        const value = own.find((v) => String(v.id) === raw);
        if (!value) throw refused("unknownValue", "adminProducts.errors.unknownChoice", field);
        rows.push({ ...base, valueId: value.id });
      }
    }
  }
  if (written.length)
    await tx
      .delete(productAttributeValues)
      .where(and(eq(productAttributeValues.productId, product.id), inArray(productAttributeValues.attributeId, written)));
  if (rows.length) await tx.insert(productAttributeValues).values(rows);
}

/** Images: the chosen public images and the uploaded ones, in the posted order, one of them the default. */
export async function writeImages(
  tx: Executor,
  productId: number,
  input: Pick<ProductSave, "images" | "imageOrder" | "defaultImage">,
  uploaded: number[],
) {
  const chosen = [...new Set(input.images)];
  const allowed = await publicImages(chosen, tx);
  if (chosen.some((id) => !allowed.has(id))) throw refused("unknownImage", "adminProducts.errors.unknownChoice", "images");
  const position = new Map(input.imageOrder.map((o) => [o.id, o.position]));
  const ordered = [
    ...chosen
      .map((id, index) => ({ id, at: position.get(id) ?? 500 + index }))
      .sort((a, b) => a.at - b.at)
      .map((c) => c.id),
    ...uploaded,
  ];
  const unique = [...new Set(ordered)];
  const defaultId = input.defaultImage && unique.includes(input.defaultImage) ? input.defaultImage : unique[0];
  await tx.delete(productMedia).where(eq(productMedia.productId, productId));
  if (unique.length)
    await tx
      .insert(productMedia)
      .values(unique.map((mediaId, index) => ({ productId, mediaId, position: index, isDefault: mediaId === defaultId })));
}

/**
 * Finds one product by its exact SKU, else by its Croatian name (exact, case-insensitive,
 * or the only one containing the text): how staff pick a cross-sell or a bundle part.
 */
export async function findProductByText(tx: Executor, text: string): Promise<Product | null> {
  const [bySku] = await tx
    .select()
    .from(products)
    .where(and(eq(products.siteId, SITE_ID), sql`lower(${products.sku}) = lower(${text})`));
  if (bySku) return bySku;
  const named = await tx
    .select({ product: products, name: productTranslations.name })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(
      and(
        eq(products.siteId, SITE_ID),
        eq(productTranslations.languageCode, "hrv"),
        or(
          ilike(productTranslations.name, text.replace(/[%_\\]/g, "\\$&")),
          ilike(productTranslations.name, `%${text.replace(/[%_\\]/g, "\\$&")}%`),
        ),
      ),
    )
    .limit(5);
  const exact = named.find((n) => n.name.toLowerCase() === text.toLowerCase());
  if (exact) return exact.product;
  return named.length === 1 ? named[0].product : null;
}

/** Cross-sells: the kept ones and one added by SKU or name; never the product itself or one of its variants. */
export async function writeCrossSells(tx: Executor, product: Product, keep: number[], add: string) {
  const ids = [...new Set(keep)].filter((id) => id !== product.id);
  if (add) {
    const found = await findProductByText(tx, add);
    if (!found || found.id === product.id || found.parentId === product.id)
      throw refused("unknownProduct", "adminProducts.errors.productNotFound", "addCrossSell", { text: add });
    if (!ids.includes(found.id)) ids.push(found.id);
  }
  const existing = ids.length
    ? await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.siteId, SITE_ID)))
    : [];
  if (existing.length !== ids.length) throw refused("unknownProduct", "adminProducts.errors.unknownChoice", "crossSells");
  await tx.delete(productCrossSells).where(eq(productCrossSells.productId, product.id));
  if (ids.length)
    await tx.insert(productCrossSells).values(ids.map((crossSellId, position) => ({ productId: product.id, crossSellId, position })));
}
