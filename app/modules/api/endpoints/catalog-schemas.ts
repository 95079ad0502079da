import { z } from "zod/v4";

/**
 * Shapes shared by the catalogue and CMS calls (spec §3, §7). Objects are loose: the
 * fields named here are promised; the services may carry more (documented as allowed).
 */
export const mediaRefSchema = z.looseObject({
  driveId: z.string(),
  title: z.string(),
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

/** A product's attribute filter: value ids, a min/max range, or yes/no (spec §3 Layered filter). */
export const filterValueSchema = z.union([
  z.array(z.number().int().positive()).max(100),
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
    .transform((r) => ({ min: r.min ?? null, max: r.max ?? null })),
  z.boolean(),
]);
/** Attribute id → filter value; "archived" is accepted and always means false (spec §5). */
export const filtersSchema = z
  .record(z.string().max(40), filterValueSchema)
  .refine((f) => Object.keys(f).length <= 50, "At most 50 filters");

export const productCardSchema = z.looseObject({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  sku: z.string(),
  format: z.enum(["simple", "e-product", "configurable", "bundle"]),
  type: z.enum(["product", "service"]),
  shortDescription: z.string(),
  image: mediaRefSchema.nullable(),
  retailPriceCents: z.number().int(),
  finalPriceCents: z.number().int(),
  membershipPriceCents: z.number().int().nullable(),
  discountPercent: z.number(),
  /** With a customer group's bearer token: the catalogue price, finalPriceCents being the group's (decision 0107). */
  catalogueCents: z.number().int().optional(),
  fromPrice: z.boolean(),
  inStock: z.boolean(),
  madeToOrder: z.boolean(),
});
