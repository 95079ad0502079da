import { z } from "zod/v4";
import { decimal, id } from "~/lib/schema-fields";

/**
 * The product list's bulk actions (decision 0047) on the ticked rows (at most a page of
 * 100): publish, hide, add to a category, add a tag, change prices by a percentage.
 */
const ids = z.array(id()).max(100).default([]);

/** −90 … +500 %, at most two decimals ("12.5" raises by 12,5 %). */
export const PERCENT_MIN = -90;
export const PERCENT_MAX = 500;
const percent = decimal({ min: PERCENT_MIN, precision: 5, scale: 2, message: "adminProductList.bulk.percentRange" }).refine(
  (value) => value <= PERCENT_MAX && value !== 0,
  "adminProductList.bulk.percentRange",
);

export const productBulkSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), ids }),
  z.object({ intent: z.literal("hide"), ids }),
  z.object({ intent: z.literal("addCategory"), ids, category: id("adminProductList.bulk.chooseCategory") }),
  z.object({ intent: z.literal("addTag"), ids, tag: id("adminProductList.bulk.chooseTag") }),
  z.object({ intent: z.literal("changePrice"), ids, percent }),
]);
export type ProductBulkInput = z.output<typeof productBulkSchema>;
