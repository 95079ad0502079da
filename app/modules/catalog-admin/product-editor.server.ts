import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { productCustomOptions, products, productTranslations } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { slugify, SLUG_PATTERN } from "~/lib/slug";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { storeUploads } from "~/modules/media/media-upload.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { NewProductInput, ProductSave } from "./product-editor.schema";
import {
  changeProduct,
  checkPrices,
  checkSkuFree,
  checkSlugsFree,
  productFacts,
  refused,
  type Actor,
  type Product,
} from "./product-lock.server";
import { writeAttributes, writeCategories, writeCrossSells, writeImages, writeTags } from "./product-relations.server";
import { syncParentValues } from "./product-variants.server";
import { redirectChangedSlug } from "~/modules/redirects/slug-redirects.server";
import { loadedStock } from "./stock-edit";
import { stockColumn } from "./stock-edit.server";

/**
 * The product editor's main rules (docs/decisions/0046): create a product
 * of a format, and save its main form. A new product starts hidden, so nothing half-made
 * reaches the shop; the variants and parts of a format carry their own stock, so those
 * (and services and e-products) start untracked.
 */
export async function createProduct(staff: Actor, input: NewProductInput): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    await checkSkuFree(tx, input.sku, null);
    const slug = slugify(input.name);
    checkSlug(slug, "name");
    await checkSlugsFree(tx, [{ languageCode: LOCALE_LANGUAGE_CODE.hr, slug, field: "name" }], []);
    const tracked = input.format === "simple";
    const [row] = await tx
      .insert(products)
      .values({
        siteId: SITE_ID,
        format: input.format,
        sku: input.sku,
        isVisibleIndividually: false,
        retailPriceCents: 0,
        priceCents: 0,
        stock: tracked ? 0 : null,
      })
      .returning({ id: products.id });
    await tx.insert(productTranslations).values({
      productId: row.id,
      languageCode: LOCALE_LANGUAGE_CODE.hr,
      name: input.name,
      slug,
      description: sanitizeCmsHtml(input.description),
    });
    await recordAudit(tx, staff, {
      entity: "product",
      entityId: row.id,
      action: "create",
      after: { format: input.format, sku: input.sku, name: input.name },
    });
    return row.id;
  });
  await dataChanged("product");
  return id;
}

function checkSlug(slug: string, field: string) {
  if (slug.length < 4) throw refused("slugShort", "core.validation.slugShort", field);
  if (!SLUG_PATTERN.test(slug)) throw refused("slugFormat", "core.validation.slugFormat", field);
}

export type SaveFiles = { images: File[]; eProductFile: File[] };

/** Saves the main form; every rule is checked before anything is written, in one transaction. */
export async function saveProduct(staff: Actor, productId: number, input: ProductSave, files: SaveFiles): Promise<void> {
  await changeProduct(staff, productId, input.version, async (tx, product) => {
    // First, before any upload is stored: a stock moved by a sale since the form was opened refuses the save.
    const stock = stockColumn(product.stock, loadedStock(input.stockLoaded), input.trackStock ? (input.stock ?? 0) : null);
    checkPrices(input, { sold: input.visible });
    await checkSkuFree(tx, input.sku, product.id);
    if (input.priceUnit === "metre") await checkLengthOption(tx, product.id);
    const texts = await writeTranslations(tx, product, input);
    const uploaded = await storeUploads(files.images, { kind: "image", executor: tx, staff });
    const download =
      product.format === "e-product" ? await storeUploads(files.eProductFile.slice(0, 1), { kind: "download", executor: tx, staff }) : [];
    await writeCategories(tx, product.id, input.categories, input.categoryPositions);
    await writeTags(tx, product.id, input.tags, input.newTag);
    await writeAttributes(tx, product, input.attrs);
    // A variant's own values changed: its parent's filter values follow.
    if (product.parentId) await syncParentValues(tx, product.parentId);
    await writeImages(
      tx,
      product.id,
      input,
      uploaded.map((m) => m.id),
    );
    await writeCrossSells(tx, product, input.crossSells, input.addCrossSell);
    const change = {
      sku: input.sku,
      type: input.type,
      isVisibleIndividually: input.visible,
      madeToOrder: input.madeToOrder,
      retailPriceCents: input.retailPrice,
      priceCents: input.price,
      membershipPriceCents: input.membershipPrice,
      priceUnit: input.priceUnit,
      taxRateBp: input.taxRateBp,
      shippingWeightG: input.shippingWeight ?? null,
      ...stock,
      categoryPriority: input.categoryPriority,
      attributeSetId: input.attributeSetId ?? null,
      ...(download[0] ? { eProductMediaId: download[0].id } : {}),
    };
    const [after] = await tx.update(products).set(change).where(eq(products.id, product.id)).returning();
    return { value: undefined, audit: { action: "save", before: productFacts(product), after: { ...productFacts(after), texts } } };
  });
}

/** A price per running metre needs the length the shopper enters (a length option, decision 0028). */
async function checkLengthOption(tx: Executor, productId: number) {
  const [length] = await tx
    .select({ id: productCustomOptions.id })
    .from(productCustomOptions)
    .where(and(eq(productCustomOptions.productId, productId), eq(productCustomOptions.isLength, true)));
  if (!length) throw refused("metreWithoutLength", "adminProducts.errors.metreWithoutLength", "priceUnit");
}

/**
 * Per language: Croatian always, English and German when named (an empty name removes the
 * translation; the shop then falls back to Croatian). A slug left empty is made from the
 * name; a changed slug keeps its old address as a redirect. Descriptions are sanitised
 * with the shop's allow-list.
 */
async function writeTranslations(tx: Executor, product: Product, input: ProductSave) {
  const old = await tx.select().from(productTranslations).where(eq(productTranslations.productId, product.id));
  const wanted = LOCALES.flatMap((locale) => {
    const t = input.translations[locale];
    if (!t.name) return [];
    const slug = t.slug || slugify(t.name);
    checkSlug(slug, `translations.${locale}.slug`);
    return [{ locale, languageCode: LOCALE_LANGUAGE_CODE[locale], slug, t }];
  });
  await checkSlugsFree(
    tx,
    wanted.map((w) => ({ languageCode: w.languageCode, slug: w.slug, field: `translations.${w.locale}.slug` })),
    [product.id],
  );
  for (const w of wanted) {
    const previous = old.find((o) => o.languageCode === w.languageCode);
    const row = {
      name: w.t.name,
      slug: w.slug,
      shortDescription: w.t.shortDescription,
      description: sanitizeCmsHtml(w.t.description),
      metaTitle: w.t.metaTitle,
      metaDescription: w.t.metaDescription,
    };
    await tx
      .insert(productTranslations)
      .values({ productId: product.id, languageCode: w.languageCode, ...row })
      .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.languageCode], set: row });
    if (previous && previous.slug !== w.slug && !product.parentId)
      await redirectChangedSlug(tx, "product", w.locale as Locale, previous.slug, w.slug);
  }
  const kept = new Set(wanted.map((w) => w.languageCode));
  for (const o of old)
    if (!kept.has(o.languageCode))
      await tx
        .delete(productTranslations)
        .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.languageCode, o.languageCode)));
  return Object.fromEntries(wanted.map((w) => [w.locale, { name: w.t.name, slug: w.slug }]));
}
