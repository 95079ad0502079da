import type { Executor } from "../../client.server";
import { flattenProducts } from "./flatten";
import { seedProductMedia } from "./media.server";
import { seedProducts } from "./products.server";
import { seedAttributes, seedCategories, seedTags } from "./reference.server";

/**
 * The demo catalogue: an aluminium roof-systems range in categories, with attributes for the
 * layered filters, a configurable product, a bundle, an e-product, a service, a cut-to-length
 * product, an archived product and a generated SVG image for each. Safe to run again: what
 * exists (by sku, slug, code or drive id) is skipped.
 */
export async function seedCatalog(tx: Executor) {
  const [tagIds, attributes, categoryIds] = [await seedTags(tx), await seedAttributes(tx), await seedCategories(tx)];
  const all = flattenProducts();
  const idBySku = await seedProducts(tx, all, { tagIds, attributes, categoryIds });
  await seedProductMedia(tx, all, idBySku);
}
