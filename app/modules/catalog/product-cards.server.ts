import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media, productMedia, products, productTranslations } from "~/.server/db/schema";
import { localized } from "~/lib/links";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import { discountPercent } from "~/lib/prices";

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
 * (products, translations in the locale's language and Croatian, default images). Names
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
    db
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
      .where(inArray(productMedia.productId, [...ids]))
      .orderBy(desc(productMedia.isDefault), asc(productMedia.position)),
  ]);

  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = texts.filter((t) => t.productId === id);
    const text = own.find((t) => t.languageCode === language) ?? own.find((t) => t.languageCode === "hrv");
    if (!text) return [];
    const image = images.find((i) => i.productId === id);
    return [
      {
        id,
        slug: text.slug,
        name: text.name,
        sku: row.sku,
        format: row.format,
        type: row.type,
        shortDescription: text.shortDescription,
        image: image
          ? { driveId: image.driveId, title: image.title, alt: localized(image.alt, locale) || text.name, width: image.width, height: image.height, version: image.version }
          : null,
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
