import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { products } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * "Low stock", the one rule the dashboard's figure and the product list's `stock=low`
 * filter share (docs/decisions/0047): a row of the product list (not a
 * variant, not archived) whose own tracked stock, or the tracked stock of one of its
 * variants, is at or under the threshold (CMS option LowStockThreshold), sold-out
 * included. Made to order is never low (its stock is neither checked nor taken), and
 * untracked stock (null) is never low. A configurable product counts once however many of
 * its variants run low, so the figure is the number of rows the linked list shows.
 */
export function lowStock(threshold: number): SQL {
  const own = sql`(${products.madeToOrder} = false and ${products.stock} <= ${threshold})`;
  const variant = sql`exists (select 1 from ${products} as low_variant where low_variant.parent_id = ${products.id}
    and low_variant.archived = false and low_variant.made_to_order = false and low_variant.stock <= ${threshold})`;
  return and(eq(products.siteId, SITE_ID), isNull(products.parentId), eq(products.archived, false), sql`(${own} or ${variant})`)!;
}
