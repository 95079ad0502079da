import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { productTranslations, products } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { CONTENT_LANGUAGE } from "~/modules/catalog/product-queries.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * The products a coupon is limited to, as the editor types them: SKUs or product names
 * (Croatian, as the catalogue keeps them), one per line or separated by commas. Each entry
 * must name exactly one product; one that names none is refused with its text.
 */
export function productEntries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;]/)
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ];
}

export async function resolveProducts(db: Executor, text: string): Promise<number[]> {
  const entries = productEntries(text);
  if (entries.length === 0) return [];
  if (entries.length > 200)
    throw new DomainError("tooManyProducts", {
      message: "Too many products",
      key: "adminCoupons.errors.tooManyProducts",
      field: "products",
    });
  const lower = entries.map((e) => e.toLowerCase());
  const rows = await db
    .selectDistinct({ id: products.id, sku: products.sku, name: productTranslations.name })
    .from(products)
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, CONTENT_LANGUAGE)),
    )
    .where(
      and(
        eq(products.siteId, SITE_ID),
        or(inArray(sql`lower(${products.sku})`, lower), inArray(sql`lower(${productTranslations.name})`, lower)),
      ),
    );
  const ids: number[] = [];
  const missing: string[] = [];
  for (const entry of lower) {
    const bySku = rows.find((r) => r.sku.toLowerCase() === entry);
    const byName = rows.filter((r) => r.name?.toLowerCase() === entry);
    const found = bySku ?? (byName.length === 1 ? byName[0] : undefined);
    if (found) ids.push(found.id);
    else missing.push(entries[lower.indexOf(entry)]);
  }
  if (missing.length > 0) {
    throw new DomainError("unknownProducts", {
      message: "Unknown products",
      key: "adminCoupons.errors.unknownProducts",
      field: "products",
      values: { entries: missing.join(", ") },
    });
  }
  return [...new Set(ids)];
}

/** The chosen products with SKU and name, for the editor (its text field) and the detail page. */
export async function productsOf(db: Executor, ids: number[]): Promise<{ id: number; sku: string; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, sku: products.sku, name: productTranslations.name })
    .from(products)
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, CONTENT_LANGUAGE)),
    )
    .where(inArray(products.id, ids));
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    return row ? [{ id, sku: row.sku, name: row.name ?? row.sku }] : [];
  });
}
