import { z } from "zod/v4";
import { id } from "~/lib/schema-fields";

/**
 * The product list's bulk actions (decision 0047) on the ticked rows (at most a page of
 * 100): publish, hide, add to a category, add a tag. Price changes have a preview and a
 * confirmation of their own (price-change.schema.ts, decision 0103).
 */
const ids = z.array(id()).max(100).default([]);

export const productBulkSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), ids }),
  z.object({ intent: z.literal("hide"), ids }),
  z.object({ intent: z.literal("addCategory"), ids, category: id("adminProductList.bulk.chooseCategory") }),
  z.object({ intent: z.literal("addTag"), ids, tag: id("adminProductList.bulk.chooseTag") }),
]);
export type ProductBulkInput = z.output<typeof productBulkSchema>;
