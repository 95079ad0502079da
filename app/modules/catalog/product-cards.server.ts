import { and, eq, inArray, or } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { products, productTranslations } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import { discountPercent } from "~/lib/prices";
import { loadImages } from "./product-queries.server";

/** What a product card shows: the spec's list fields (§3 "Product list queries always select"). */
export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  sku: string;
  format: "simple" | "e-product" | "configurable" | "bundle";
  type: "product" | "service";
  shortDescription: string;
  image: MediaRef | null;
  retailPriceCents: number;
  finalPriceCents: number;
  membershipPriceCents: number | null;
  discountPercent: number;
  categoryPriority: number;
  inStock: boolean;
};

/**
 * Cards for the given products, in the given order, in three queries whatever their number
 * (products, translations in the locale's language and Croatian, images). Names
 * and slugs fall back to Croatian where a product has no translation.
 */
export async function loadProductCards(ids: readonly number[], locale: Locale): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const language = LOCALE_LANGUAGE_CODE[locale];
  const [rows, texts, images] = await Promise.all([
    db
      .select({
        id: products.id,
        sku: products.sku,
        format: products.format,
        type: products.type,
        retail: products.retailPriceCents,
        price: products.priceCents,
        membership: products.membershipPriceCents,
        categoryPriority: products.categoryPriority,
        stock: products.stock,
      })
      .from(products)
      .where(inArray(products.id, [...ids])),
    db
      .select({
        productId: productTranslations.productId,
        languageCode: productTranslations.languageCode,
        name: productTranslations.name,
        slug: productTranslations.slug,
        shortDescription: productTranslations.shortDescription,
      })
      .from(productTranslations)
      .where(
        and(
          inArray(productTranslations.productId, [...ids]),
          or(eq(productTranslations.languageCode, language), eq(productTranslations.languageCode, "hrv")),
        ),
      ),
    // The product page's image query: public images only, the default first.
    loadImages([...ids], locale),
  ]);

  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = texts.filter((t) => t.productId === id);
    const text = own.find((t) => t.languageCode === language) ?? own.find((t) => t.languageCode === "hrv");
    if (!text) return [];
    const image = images.get(id)?.[0];
    return [
      {
        id,
        slug: text.slug,
        name: text.name,
        sku: row.sku,
        format: row.format,
        type: row.type,
        shortDescription: text.shortDescription,
        image: image ?? null,
        retailPriceCents: row.retail,
        finalPriceCents: row.price,
        membershipPriceCents: row.membership,
        discountPercent: discountPercent(row.retail, row.price),
        categoryPriority: row.categoryPriority,
        // Stock not tracked (null) means always available: services, e-products, bundles.
        inStock: row.stock === null || row.stock > 0,
      },
    ];
  });
}
