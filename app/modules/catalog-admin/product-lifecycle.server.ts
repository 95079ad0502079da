import { and, eq, inArray, or } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import {
  bundleItems,
  orderItems,
  productAttributeValues,
  productCategories,
  productConfigurableAttributes,
  productCrossSells,
  productCustomOptions,
  productMedia,
  products,
  productTags,
  productTranslations,
} from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { SITE_ID } from "~/modules/kernel/options";
import { changeProduct, checkSkuFree, notFound, productFacts, refused, type Actor, type Product } from "./product-lock.server";

/**
 * Duplicate, archive and delete (decision 0046). A product that has been ordered
 * (order_items.product_id or variant_id, its variants' included) cannot be deleted, only
 * archived: the order lines and invoices keep pointing at it. A product that is a part of
 * a bundle cannot be deleted either (the bundle would lose it).
 */
async function wasOrdered(tx: Executor, ids: number[]): Promise<boolean> {
  const [line] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(or(inArray(orderItems.productId, ids), inArray(orderItems.variantId, ids)))
    .limit(1);
  return Boolean(line);
}

/** Deletes a product and its variants, or archives it when it (or a variant) has been ordered. */
export async function removeOrArchive(tx: Executor, product: Product): Promise<"deleted" | "archived"> {
  const variants = await tx.select({ id: products.id }).from(products).where(eq(products.parentId, product.id));
  const ids = [product.id, ...variants.map((v) => v.id)];
  if (await wasOrdered(tx, ids)) {
    await tx.update(products).set({ archived: true }).where(inArray(products.id, ids));
    return "archived";
  }
  const [part] = await tx.select({ bundleId: bundleItems.bundleId }).from(bundleItems).where(inArray(bundleItems.productId, ids)).limit(1);
  if (part) throw refused("partOfBundle", "adminProducts.errors.partOfBundle");
  await tx.delete(products).where(inArray(products.id, ids));
  return "deleted";
}

export async function archiveProduct(staff: Actor, productId: number, version: number, archived: boolean) {
  await changeProduct(staff, productId, version, async (tx, product) => {
    await tx
      .update(products)
      .set({ archived })
      .where(or(eq(products.id, product.id), eq(products.parentId, product.id)));
    return {
      value: undefined,
      audit: { action: archived ? "archive" : "unarchive", before: { archived: product.archived }, after: { archived } },
    };
  });
}

/** Deletes a product that was never ordered; an ordered one is refused (409): archive it instead. */
export async function deleteProduct(staff: Actor, productId: number, version: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.siteId, SITE_ID)))
      .for("update");
    if (!product) throw notFound();
    checkVersion(product.version, version);
    const variants = await tx.select({ id: products.id }).from(products).where(eq(products.parentId, product.id));
    if (await wasOrdered(tx, [product.id, ...variants.map((v) => v.id)])) {
      throw new DomainError("ordered", {
        message: "An ordered product is archived, not deleted",
        key: "adminProducts.errors.ordered",
        status: 409,
      });
    }
    await removeOrArchive(tx, product);
    await recordAudit(tx, staff, { entity: "product", entityId: product.id, action: "delete", before: productFacts(product) });
  });
  await dataChanged("product");
}

const COPY = "-kopija";

/**
 * A copy to start from: SKU `<sku>-kopija`, slugs `<slug>-kopija`, hidden, with its texts,
 * categories, tags, attributes, options, images, prices, configuring attributes, parts and
 * cross-sells; a configurable product's variants are copied too (SKU `<variant sku>-kopija`).
 */
export async function duplicateProduct(staff: Actor, productId: number, version: number): Promise<number> {
  return changeProduct(staff, productId, version, async (tx, product) => {
    const copyId = await copyRow(tx, product, null, false);
    const variants = await tx
      .select()
      .from(products)
      .where(and(eq(products.parentId, product.id), eq(products.archived, false)));
    for (const variant of variants) await copyRow(tx, variant, copyId, variant.isDefaultVariant);
    await recordAudit(tx, staff, { entity: "product", entityId: copyId, action: "createCopy", after: { from: product.sku } });
    return { value: copyId, audit: { action: "duplicate", after: { copyId } } };
  });
}

async function copyRow(tx: Executor, source: Product, parentId: number | null, isDefaultVariant: boolean): Promise<number> {
  const sku = `${source.sku}${COPY}`.slice(0, 64);
  await checkSkuFree(tx, sku, null);
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...row } = source;
  const [copy] = await tx
    .insert(products)
    .values({ ...row, sku, parentId: parentId ?? source.parentId, isVisibleIndividually: false, isDefaultVariant, archived: false })
    .returning({ id: products.id });
  const id = copy.id;
  const texts = await tx.select().from(productTranslations).where(eq(productTranslations.productId, source.id));
  for (const text of texts) {
    let slug = `${text.slug}${COPY}`;
    const [taken] = await tx
      .select({ id: productTranslations.productId })
      .from(productTranslations)
      .where(and(eq(productTranslations.languageCode, text.languageCode), eq(productTranslations.slug, slug)));
    if (taken) slug = `${slug}-${id}`;
    await tx.insert(productTranslations).values({ ...text, productId: id, slug });
  }
  const copyRows = async <T extends { productId: number }>(rows: T[], insert: (values: T[]) => Promise<unknown>) => {
    if (rows.length) await insert(rows.map((r) => ({ ...r, productId: id })));
  };
  await copyRows(await tx.select().from(productCategories).where(eq(productCategories.productId, source.id)), (v) =>
    tx.insert(productCategories).values(v),
  );
  await copyRows(await tx.select().from(productTags).where(eq(productTags.productId, source.id)), (v) => tx.insert(productTags).values(v));
  await copyRows(await tx.select().from(productMedia).where(eq(productMedia.productId, source.id)), (v) =>
    tx.insert(productMedia).values(v),
  );
  await copyRows(await tx.select().from(productCrossSells).where(eq(productCrossSells.productId, source.id)), (v) =>
    tx.insert(productCrossSells).values(v),
  );
  await copyRows(await tx.select().from(productConfigurableAttributes).where(eq(productConfigurableAttributes.productId, source.id)), (v) =>
    tx.insert(productConfigurableAttributes).values(v),
  );
  const values = await tx.select().from(productAttributeValues).where(eq(productAttributeValues.productId, source.id));
  await copyRows(
    values.map(({ id: _, ...v }) => v),
    (v) => tx.insert(productAttributeValues).values(v),
  );
  const options = await tx.select().from(productCustomOptions).where(eq(productCustomOptions.productId, source.id));
  await copyRows(
    options.map(({ id: _, ...o }) => o),
    (v) => tx.insert(productCustomOptions).values(v),
  );
  const parts = await tx.select().from(bundleItems).where(eq(bundleItems.bundleId, source.id));
  if (parts.length) await tx.insert(bundleItems).values(parts.map((p) => ({ ...p, bundleId: id })));
  return id;
}
