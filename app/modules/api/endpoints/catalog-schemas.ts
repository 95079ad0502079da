import { z } from "zod/v4";
import { ATTRIBUTE_TYPES, PRODUCT_FORMATS, PRODUCT_TYPES } from "~/.server/db/schema";
import type { MediaRef } from "~/lib/media";
import { LOCALES } from "~/lib/locales";
import type { ProductCard } from "~/modules/catalog/product-cards.server";
import { shapeOf } from "../api-endpoint";

/**
 * Shapes shared by the catalogue and CMS calls (spec §3, §7). Every answer's object is
 * closed (decision 0128): the document names each field the shop sends, and `shapeOf`
 * ties a shape to the service's own type, so a field added there fails to compile here
 * until the document names it.
 */
export const money = z.number().int().describe("Cents, VAT included");

export const mediaRefSchema = shapeOf<MediaRef>()(
  z.strictObject({
    driveId: z.string().describe("The file's id in its URLs: /media/1/{driveId}/{size}/{title-slug}.{format} (media/option/filter)"),
    title: z.string().describe("The file's title; its slug names the file in its URLs"),
    alt: z.string().describe("The alternative text"),
    width: z.number().int().nullable().describe("The original's width in pixels (null: not known)"),
    height: z.number().int().nullable().describe("The original's height in pixels (null: not known)"),
    version: z.number().int().optional().describe("Above 1: the file was replaced; its URLs end in /{version}"),
    focalPoint: z
      .strictObject({ x: z.number().int().min(0).max(100), y: z.number().int().min(0).max(100) })
      .optional()
      .describe("Where a cropped picture keeps its subject (CSS object-position, percent); absent: the centre"),
  }),
);

/** The languages of a thing's own URLs: language → path. */
export const alternatesSchema = z
  .partialRecord(z.enum(LOCALES), z.string())
  .describe("The same thing's path in each language it has one in (the language switch)");

export const localeSchema = z.enum(LOCALES);

/** A product's attribute filter: value ids, a min/max range, or yes/no (spec §3 Layered filter). */
export const filterValueSchema = z.union([
  z.array(z.number().int().positive()).max(100).describe("Value ids (layered/navigation values[].key) of a select or swatch attribute"),
  z
    .object({
      min: z
        .union([z.number(), z.string().max(40)])
        .nullable()
        .optional(),
      max: z
        .union([z.number(), z.string().max(40)])
        .nullable()
        .optional(),
    })
    .describe("A range of a number, date or date-time attribute; either end may be left out")
    .transform((r) => ({ min: r.min ?? null, max: r.max ?? null })),
  z.boolean().describe("A yes/no attribute"),
]);
/** Attribute code or id → filter value; "archived" is accepted and always means false (spec §5). */
export const filtersSchema = z
  .record(z.string().max(40), filterValueSchema)
  .refine((f) => Object.keys(f).length <= 50, "At most 50 filters")
  .describe(
    "Attribute code (layered/navigation attributeCode, e.g. boja) or id (attributeID) → its filter; a key naming no attribute is refused. " +
      "'archived' is accepted and always means not archived (spec §5).",
  );

export const productFormatSchema = z
  .enum(PRODUCT_FORMATS)
  .describe("simple; e-product (nothing shipped); configurable: bought as one of its variants; bundle: several products as one");
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const attributeTypeSchema = z.enum(ATTRIBUTE_TYPES);

export const productCardSchema = shapeOf<ProductCard>()(
  z.strictObject({
    id: z.number().int(),
    slug: z.string().describe("The product's slug in the call's language (product/web/get?slug=)"),
    name: z.string(),
    sku: z.string(),
    format: productFormatSchema,
    type: productTypeSchema,
    shortDescription: z.string(),
    image: mediaRefSchema.nullable(),
    retailPriceCents: money.describe("The price before a discount (struck through when higher than finalPriceCents)"),
    finalPriceCents: money.describe(
      "What one piece costs now (a running metre for a product sold by length); the lowest variant's with fromPrice",
    ),
    membershipPriceCents: money.nullable().describe("The member card price, when the product has one"),
    discountPercent: z.number().describe("The discount of finalPriceCents against retailPriceCents, in whole percent (spec §9)"),
    catalogueCents: money
      .optional()
      .describe("With a customer group's token: the catalogue price, finalPriceCents being the group's (decision 0107)"),
    fromPrice: z.boolean().describe("A configurable product whose variants differ in price: finalPriceCents is the lowest ('from')"),
    categoryPriority: z.number().int().describe("The product's rank in its category (the default sort's order)"),
    inStock: z.boolean(),
    madeToOrder: z.boolean().describe("Made to order: always addable, whatever the stock"),
  }),
);
