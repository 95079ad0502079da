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
  /** A configurable product whose variants differ in price: finalPriceCents is the lowest ("od 14,90 EUR"), no discount shown. */
  fromPrice: boolean;
  /** Set for a group customer whose price replaced finalPriceCents (group-card-prices.server.ts): the catalogue price, struck through. */
  catalogueCents?: number;
  categoryPriority: number;
  inStock: boolean;
  madeToOrder: boolean;
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
  const [rows, variants, texts, images] = await Promise.all([
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
        madeToOrder: products.madeToOrder,
      })
      .from(products)
      .where(inArray(products.id, [...ids])),
    // The variants' prices of configurable products: the card names what the product page offers.
    db
      .select({ parentId: products.parentId, retail: products.retailPriceCents, price: products.priceCents })
      .from(products)
      .where(and(inArray(products.parentId, [...ids]), eq(products.archived, false))),
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
    const prices = cardPrices(row, row.format === "configurable" ? variants.filter((v) => v.parentId === id) : []);
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
        ...prices,
        membershipPriceCents: row.membership,
        categoryPriority: row.categoryPriority,
        // Stock not tracked (null) means always available: services, e-products, bundles.
        inStock: row.madeToOrder || row.stock === null || row.stock > 0,
        madeToOrder: row.madeToOrder,
      },
    ];
  });
}

/**
 * The card's price (decision 0075: the card and the product page agree). A configurable
 * product is priced by its variants, as its page is: when they differ in price, "from" the
 * lowest with no discount (the page shows a variant's own); when they all cost the same,
 * that price with that variant's discount. Any other product: its own prices.
 */
function cardPrices(row: { retail: number; price: number }, variants: { retail: number; price: number }[]) {
  if (variants.length > 0) {
    const lowest = variants.reduce((a, b) => (b.price < a.price ? b : a));
    const fromPrice = new Set(variants.map((v) => v.price)).size > 1;
    const sameRetail = new Set(variants.map((v) => v.retail)).size === 1;
    // The retail price stays the cheapest variant's (the discount filter reads it), but a
    // "from" price shows no discount: the page starts on a variant that may have none.
    const discount = fromPrice || !sameRetail ? 0 : discountPercent(lowest.retail, lowest.price);
    return { retailPriceCents: lowest.retail, finalPriceCents: lowest.price, discountPercent: discount, fromPrice };
  }
  return {
    retailPriceCents: row.retail,
    finalPriceCents: row.price,
    discountPercent: discountPercent(row.retail, row.price),
    fromPrice: false,
  };
}
