import { asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { bundleItems, products } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { loadConfigurations } from "./product-configuration.server";
import { loadImages, loadTranslations, pickTranslation } from "./product-queries.server";
import type { BundlePart } from "./product-view";

/**
 * The parts of a bundle (spec §3 bundles: product, quantity, format) with their names,
 * first images and, for configurable parts, their configurations: a fixed number of
 * queries (items, then texts, images and configurations side by side).
 */
export async function loadBundleParts(bundleId: number, locale: Locale): Promise<BundlePart[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      format: products.format,
      quantity: bundleItems.quantity,
      archived: products.archived,
      visible: products.isVisibleIndividually,
    })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.productId))
    .where(eq(bundleItems.bundleId, bundleId))
    .orderBy(asc(bundleItems.position), asc(products.id));
  const ids = rows.map((r) => r.id);
  const [texts, images, configurations] = await Promise.all([
    loadTranslations(ids, locale),
    loadImages(ids, locale),
    loadConfigurations(
      rows.filter((r) => r.format === "configurable").map((r) => r.id),
      locale,
    ),
  ]);
  return rows.map((row) => {
    const text = pickTranslation(texts, row.id, locale);
    return {
      id: row.id,
      name: text?.name ?? row.sku,
      sku: row.sku,
      format: row.format,
      quantity: row.quantity,
      // A hidden or withdrawn part is listed without a link: its page would answer 404.
      slug: text && row.visible && !row.archived ? text.slug : null,
      image: images.get(row.id)?.[0] ?? null,
      configuration: configurations.get(row.id) ?? null,
    };
  });
}
