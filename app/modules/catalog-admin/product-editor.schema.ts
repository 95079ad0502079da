import { z } from "zod/v4";
import type { PriceUnit, ProductFormat, ProductType } from "~/.server/db/schema/catalog";
import { decimal, id, integer, money, SLUG_MAX, text, typeError } from "~/lib/schema-fields";
import { SLUG_PATTERN } from "~/lib/slug";
import { LOADED_STOCK_PATTERN } from "./stock-edit";

/**
 * The forms of the product editor (/admin/products/new and /admin/products/:id;
 * docs/decisions/0046). The editor page is sections of one page, each its own form
 * told apart by `intent` and posting the product's `version` (optimistic concurrency).
 */
const version = integer({ min: 0 });
const stockLoaded = z
  .string(typeError("core.validation.required"))
  .max(12, "core.validation.required")
  .regex(LOADED_STOCK_PATTERN, "core.validation.required");

// The schema's own lists (spec §3), repeated here so that the page's code needs nothing from app/.server.
export const PRODUCT_FORMATS = ["simple", "e-product", "configurable", "bundle"] as const satisfies readonly ProductFormat[];
export const PRODUCT_TYPES = ["product", "service"] as const satisfies readonly ProductType[];
export const PRICE_UNITS = ["piece", "metre"] as const satisfies readonly PriceUnit[];
const checkbox = z.boolean().optional().default(false);
/** A required price in cents. */
const price = () => money();
const ids = (max: number) => z.array(id()).max(max).default([]);

/** The VAT rates a product may carry (basis points: 2500 = 25 %). */
export const VAT_RATES = [2500, 1300, 500, 0] as const;
export const SKU_MAX = 64;
const sku = text({ max: SKU_MAX, required: true }).refine(
  (value) => value === "" || /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value),
  "adminProducts.validation.sku",
);

/** A slug as typed: empty (then made from the name) or spec §5's rules (at least 4 characters, lowercase words and hyphens). */
const optionalSlug = text({ max: SLUG_MAX })
  .refine((value) => value.length === 0 || value.length >= 4, "core.validation.slugShort")
  .refine((value) => value.length < 4 || SLUG_PATTERN.test(value), "core.validation.slugFormat");

const translation = (required: boolean) =>
  z.object({
    name: required ? text({ max: 200, required: true }) : text({ max: 200 }),
    slug: optionalSlug,
    shortDescription: text({ max: 2000, multiline: true }),
    description: text({ max: 10_000, multiline: true }),
    metaTitle: text({ max: 200 }),
    metaDescription: text({ max: 500, multiline: true }),
  });

/** Choose the format first, with a Croatian name and a SKU; everything else is edited on the product's page. */
export const newProductSchema = z.object({
  format: z.enum(PRODUCT_FORMATS, { error: "core.validation.required" }),
  name: text({ max: 200, required: true }),
  sku,
  // Croatian description, prefilled with DefaultProductTemplate (decision 0053).
  description: text({ max: 10_000, multiline: true }),
});
export type NewProductInput = z.output<typeof newProductSchema>;

/** 1 t per piece or per metre: far above anything the shop sells, low enough to catch a slip of the keyboard. */
export const MAX_SHIPPING_WEIGHT_G = 1_000_000;

/** The main form: texts per language, SKU, kind, visibility, prices, VAT, stock, categories, tags, attributes, images, cross-sells. */
const saveSchema = z.object({
  intent: z.literal("save"),
  version,
  translations: z.object({ hr: translation(true), en: translation(false), de: translation(false) }),
  sku,
  type: z.enum(PRODUCT_TYPES),
  visible: checkbox,
  madeToOrder: checkbox,
  retailPrice: price(),
  price: price(),
  membershipPrice: money({ required: false }),
  priceUnit: z.enum(PRICE_UNITS),
  taxRateBp: integer({ min: 0, max: 2500 }).refine(
    (value) => (VAT_RATES as readonly number[]).includes(value),
    "adminProducts.validation.vat",
  ),
  trackStock: checkbox,
  stock: integer({ min: 0, max: 1_000_000 }).optional(),
  // The stock as the form was opened ("none": untracked); stock is written only against it (decision 0092).
  stockLoaded,
  // Grams per piece, or per running metre for a product sold per metre (decision 0106); empty = not given.
  shippingWeight: integer({ min: 1, max: MAX_SHIPPING_WEIGHT_G }).optional(),
  categoryPriority: integer({ min: -1_000_000, max: 1_000_000 }).optional().default(0),
  categories: ids(200),
  // The product's place within a ticked category (empty: kept, or last when it joins).
  categoryPositions: z
    .array(z.object({ id: id(), position: integer({ min: 0, max: 100_000 }).optional() }))
    .max(200)
    .default([]),
  tags: ids(100),
  newTag: text({ max: 100 }),
  attributeSetId: id().optional(),
  attrs: z
    .array(
      z.object({
        id: id(),
        values: z
          .array(text({ max: 100 }))
          .max(50)
          .default([]),
      }),
    )
    .max(100)
    .default([]),
  images: ids(50),
  defaultImage: id().optional(),
  imageOrder: z
    .array(z.object({ id: id(), position: integer({ min: 0, max: 999 }) }))
    .max(50)
    .default([]),
  crossSells: ids(50),
  addCrossSell: text({ max: 200 }),
});

const option = z.object({
  id: id().optional(),
  remove: checkbox,
  optionType: z.enum(["text", "number"]),
  code: text({ max: 50 }).refine((value) => value === "" || /^[a-z0-9_-]+$/.test(value), "adminProducts.validation.code"),
  labelHr: text({ max: 200 }),
  labelEn: text({ max: 200 }),
  labelDe: text({ max: 200 }),
  required: checkbox,
  minValue: decimal({ min: 0, precision: 12, scale: 3 }).optional(),
  maxValue: decimal({ min: 0, precision: 12, scale: 3 }).optional(),
  unit: text({ max: 10 }),
  isLength: checkbox,
  // One value per line: "label" or "label | sku".
  values: text({ max: 5000, multiline: true }),
});

const variantSchema = z.object({
  intent: z.literal("variant"),
  version,
  variantId: id(),
  sku,
  retailPrice: price(),
  price: price(),
  membershipPrice: money({ required: false }),
  trackStock: checkbox,
  stock: integer({ min: 0, max: 1_000_000 }).optional(),
  // The stock as the form was opened ("none": untracked); stock is written only against it (decision 0092).
  stockLoaded,
  isDefault: checkbox,
});

export const productEditSchema = z.discriminatedUnion("intent", [
  saveSchema,
  z.object({ intent: z.literal("options"), version, options: z.array(option).max(50).default([]) }),
  z.object({ intent: z.literal("configAttributes"), version, attributes: ids(10) }),
  z.object({ intent: z.literal("generate"), version, values: ids(200) }),
  variantSchema,
  z.object({ intent: z.literal("removeVariant"), version, variantId: id() }),
  z.object({
    intent: z.literal("parts"),
    version,
    parts: z
      .array(
        z.object({ productId: id(), quantity: integer({ min: 1, max: 999 }), position: integer({ min: 0, max: 999 }), remove: checkbox }),
      )
      .max(100)
      .default([]),
    addPart: text({ max: 200 }),
    addQuantity: integer({ min: 1, max: 999 }).optional().default(1),
  }),
  z.object({ intent: z.literal("duplicate"), version }),
  z.object({ intent: z.literal("archive"), version }),
  z.object({ intent: z.literal("unarchive"), version }),
  z.object({
    intent: z.literal("delete"),
    version,
    confirm: z.literal(true, { error: "adminProducts.validation.confirmDelete" }),
  }),
]);
export type ProductEdit = z.output<typeof productEditSchema>;
export type ProductSave = Extract<ProductEdit, { intent: "save" }>;
export type ProductOptionsEdit = Extract<ProductEdit, { intent: "options" }>;
export type ProductPartsEdit = Extract<ProductEdit, { intent: "parts" }>;
export type VariantEdit = Extract<ProductEdit, { intent: "variant" }>;
export type ProductSaveInput = z.input<typeof saveSchema>;
