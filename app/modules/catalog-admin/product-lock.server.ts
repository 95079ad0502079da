import { and, eq, inArray, ne } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { products, productTranslations } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * The frame of every change the product editor makes (DESIGN.md "One edit pattern"): one
 * transaction that locks the product row, checks the posted version (409
 * "admin.staleEdit"), makes the change, writes `version + 1` and the audit row; after the
 * commit the caches that show products are cleared (`dataChanged("product")`).
 */
export type Product = typeof products.$inferSelect;
export type Actor = Pick<Staff, "id" | "email">;
export type ChangeResult<T> = { value: T; audit: { action: string; before?: Record<string, unknown>; after?: Record<string, unknown> } };

export const notFound = () =>
  new DomainError("productNotFound", { message: "Product not found", key: "adminProducts.errors.notFound", status: 404 });

/** A refusal that belongs to a posted field: shown next to it. */
export function refused(code: string, key: string, field?: string, values?: Record<string, string | number>) {
  return new DomainError(code, { message: `Product edit refused: ${code}`, key, status: 400, field, values });
}

export async function changeProduct<T>(
  staff: Actor,
  productId: number,
  version: number,
  change: (tx: Executor, product: Product) => Promise<ChangeResult<T>>,
): Promise<T> {
  const db = await getDb();
  const value = await db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.siteId, SITE_ID)))
      .for("update");
    if (!product) throw notFound();
    checkVersion(product.version, version);
    const result = await change(tx, product);
    await tx
      .update(products)
      .set({ version: product.version + 1, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await recordAudit(tx, staff, { entity: "product", entityId: productId, ...result.audit });
    return result.value;
  });
  await dataChanged("product");
  return value;
}

/** The audited fields of a product row (what "before" and "after" show). */
export function productFacts(p: Product) {
  return {
    sku: p.sku,
    type: p.type,
    visible: p.isVisibleIndividually,
    madeToOrder: p.madeToOrder,
    retailPriceCents: p.retailPriceCents,
    priceCents: p.priceCents,
    membershipPriceCents: p.membershipPriceCents,
    priceUnit: p.priceUnit,
    taxRateBp: p.taxRateBp,
    stock: p.stock,
    shippingWeightG: p.shippingWeightG,
    categoryPriority: p.categoryPriority,
    archived: p.archived,
  };
}

/** Refuses a SKU another product has (unique, spec §3): a field error at `field`. */
export async function checkSkuFree(tx: Executor, sku: string, ownId: number | null, field = "sku") {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sku, sku), ownId ? ne(products.id, ownId) : undefined));
  if (taken) throw refused("skuTaken", "adminProducts.errors.skuTaken", field, { sku });
}

/** Refuses a slug another product uses in the same language (product_translations is unique per language and slug). */
export async function checkSlugsFree(tx: Executor, slugs: { languageCode: string; slug: string; field: string }[], ownIds: number[]) {
  for (const { languageCode, slug, field } of slugs) {
    const [taken] = await tx
      .select({ id: productTranslations.productId })
      .from(productTranslations)
      .where(
        and(
          eq(productTranslations.languageCode, languageCode),
          eq(productTranslations.slug, slug),
          ownIds.length ? notIn(ownIds) : undefined,
        ),
      );
    if (taken) throw refused("slugTaken", "adminProducts.errors.slugTaken", field, { slug });
  }
}

const notIn = (ids: number[]) => and(...ids.map((id) => ne(productTranslations.productId, id)));

/** The ids of these that are products of this site (a posted id of anything else is refused). */
export async function existingProducts(tx: Executor, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.siteId, SITE_ID)));
}

/**
 * Spec §3: the price charged (sale) is at most the regular (retail) price; equal is no
 * discount. The membership price likewise. What shoppers can buy (a visible product, a
 * variant of one) has a price above 0,00: a wiped or zero price would put it in carts free.
 */
export function checkPrices(input: { retailPrice: number; price: number; membershipPrice: number | null }, { sold }: { sold: boolean }) {
  if (sold && input.price <= 0) throw refused("soldWithoutPrice", "adminProducts.errors.soldWithoutPrice", "price");
  if (input.price > input.retailPrice) throw refused("saleAboveRetail", "adminProducts.errors.saleAboveRetail", "price");
  if (input.membershipPrice !== null && input.membershipPrice > input.retailPrice)
    throw refused("membershipAboveRetail", "adminProducts.errors.membershipAboveRetail", "membershipPrice");
}
