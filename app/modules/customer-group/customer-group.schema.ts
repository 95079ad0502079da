import { z } from "zod/v4";
import { id, integer, money, text } from "~/lib/schema-fields";
import { percentToBp } from "~/lib/shopper-price";

/**
 * The forms of /admin/customer-groups (decision 0107): a group (name per language,
 * Croatian required, en/de fall back to it; the percentage off the catalogue price, 0–90,
 * whole or one decimal), its own prices (a product's or variant's SKU and a price with VAT),
 * and deleting it.
 */
const version = integer({ min: 0 });
const localised = (max: number) => z.object({ hr: text({ max, required: true }), en: text({ max }), de: text({ max }) });

export const DISCOUNT_INVALID = "adminCustomerGroups.validation.discount";

export const groupSchema = z.object({
  intent: z.literal("save"),
  version: version.optional(),
  name: localised(100),
  discount: text({ max: 5, required: true })
    .refine((value) => value === "" || percentToBp(value) !== null, DISCOUNT_INVALID)
    .transform((value) => percentToBp(value) ?? 0),
});
export type GroupInput = z.output<typeof groupSchema>;

export const groupPriceSchema = z.object({
  intent: z.literal("setPrice"),
  version,
  sku: text({ max: 100, required: true }),
  price: money(),
});

/** The group page's forms: the group, delete it, set or remove one of its prices. */
export const groupPageSchema = z.discriminatedUnion("intent", [
  groupSchema,
  z.object({ intent: z.literal("delete"), version }),
  groupPriceSchema,
  z.object({ intent: z.literal("removePrice"), version, productId: id() }),
]);
