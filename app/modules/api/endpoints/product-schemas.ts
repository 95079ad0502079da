import { z } from "zod/v4";
import type { LayeredFilter, LayeredValue } from "~/modules/catalog/layered-navigation.server";
import type {
  AssociatedProduct,
  AttributeRow,
  BundlePart,
  ConfigAttribute,
  Configuration,
  ConfigValue,
  CustomOption,
  ProductDetail,
  ProductPrices,
} from "~/modules/catalog/product-view";
import { shapeOf } from "../api-endpoint";
import {
  alternatesSchema,
  attributeTypeSchema,
  localeSchema,
  mediaRefSchema,
  money,
  productCardSchema,
  productFormatSchema,
  productTypeSchema,
} from "./catalog-schemas";

/**
 * The product page's data over the API (product/web/get, checkBundles, layered/navigation):
 * the whole of the catalogue's ProductDetail, each shape tied to its type (shapeOf), so a
 * typed client has the prices, the variants, the stock and a bundle's parts to show.
 */
const pricesSchema = shapeOf<ProductPrices>()(
  z
    .strictObject({
      finalCents: money.describe("What one piece costs (one running metre when priceUnit is metre)"),
      retailCents: money.describe("The price before a discount; struck through when higher than finalCents"),
      membershipCents: money.nullable().describe("The member card price, when there is one"),
      basicCents: z.number().int().describe("finalCents without VAT, in cents"),
      taxCents: z.number().int().describe("The VAT part of finalCents, in cents"),
      taxRateBp: z.number().int().describe("The VAT rate in basis points (2500: 25 %)"),
      discountPercent: z.number().describe("The discount of finalCents against retailCents, whole percent (spec §9)"),
      catalogueCents: money
        .optional()
        .describe("With a customer group's token: the catalogue price, finalCents being the group's (decision 0107)"),
    })
    .describe("Money in cents, VAT included"),
);

const stock = {
  inStock: z.boolean().describe("Can be added to the cart now"),
  madeToOrder: z.boolean().describe("Made to order: always addable, whatever the stock"),
  available: z.number().int().nullable().describe("Units on hand when stock is tracked (null: not tracked, or made to order)"),
  lowStock: z.number().int().nullable().describe("The pieces left when few are (the low-stock hint), else null"),
};

const attributeRowSchema = shapeOf<AttributeRow>()(
  z.strictObject({ code: z.string(), label: z.string(), value: z.string().describe("Already written out in the call's language") }),
);

const configValueSchema = shapeOf<ConfigValue>()(
  z.strictObject({
    id: z.number().int().describe("The value's id: an associated product's attributes[attributeCode]"),
    value: z.string(),
    label: z.string(),
    isMedia: z.boolean().describe("Shown as a visual swatch (a colour)"),
    swatch: z.string().nullable().describe("The swatch's colour or text"),
    shopDefault: z.boolean().describe("Chosen first when the page opens"),
  }),
);

const configAttributeSchema = shapeOf<ConfigAttribute>()(
  z.strictObject({
    attributeCode: z.string(),
    label: z.string(),
    inputType: attributeTypeSchema,
    customClass: z.string(),
    values: z.array(configValueSchema),
  }),
);

const associatedProductSchema = shapeOf<AssociatedProduct>()(
  z
    .strictObject({
      id: z.number().int().describe("The variant's id: addItem's options.variantId"),
      sku: z.string(),
      attributes: z.record(z.string(), z.number().int()).describe("attributeCode → the value id this variant has"),
      prices: pricesSchema,
      images: z.array(mediaRefSchema),
      ...stock,
    })
    .describe("A variant (spec: associated product) with its own prices and stock"),
);

const configurationSchema = shapeOf<Configuration>()(
  z.strictObject({
    associatedProductsAttributes: z.array(configAttributeSchema).describe("The attributes a shopper chooses the variant by"),
    associatedProducts: z.array(associatedProductSchema),
  }),
);

export const customOptionSchema = shapeOf<CustomOption>()(
  z
    .strictObject({
      id: z.number().int(),
      code: z.string().describe("The key in addItem's options.personalizations"),
      type: z.enum(["text", "number"]).describe("number: a whole number (a JSON number or a numeric string)"),
      label: z.string(),
      required: z.boolean(),
      min: z.number().nullable().describe("number: the least value; text: the least length"),
      max: z.number().nullable().describe("number: the largest value; text: the longest length"),
      unit: z.string().nullable().describe("The unit of a number (mm, cm, m)"),
      isLength: z.boolean().describe("The length a product sold per running metre is priced by (priceUnit metre): required"),
    })
    .describe("A personalisation the shopper enters (spec §3 customOptions)"),
);

export const bundlePartSchema = shapeOf<BundlePart>()(
  z.strictObject({
    id: z.number().int().describe("The part's product id: the key in addItem's options.bundleOptions"),
    name: z.string(),
    sku: z.string(),
    format: productFormatSchema,
    quantity: z.number().describe("How many of it one bundle holds"),
    slug: z.string().nullable().describe("Null when the part has no page of its own"),
    image: mediaRefSchema.nullable(),
    configuration: configurationSchema.nullable().describe("A configurable part: choose its variant in options.bundleOptions"),
  }),
);

export const productDetailSchema = shapeOf<ProductDetail>()(
  z.strictObject({
    id: z.number().int(),
    locale: localeSchema.describe("The language of the answer"),
    format: productFormatSchema,
    type: productTypeSchema,
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    shortDescription: z.string(),
    descriptionHtml: z.string().describe("Sanitised HTML"),
    seo: z
      .strictObject({ title: z.string(), description: z.string() })
      .optional()
      .describe("The editor's SEO title and description, when set"),
    images: z.array(mediaRefSchema),
    prices: pricesSchema,
    priceUnit: z.enum(["piece", "metre"]).describe("metre: prices are per running metre of the length option's value (decision 0028)"),
    ...stock,
    attributes: z.array(attributeRowSchema).describe("The attribute table: label and value in the call's language"),
    configuration: configurationSchema.nullable().describe("A configurable product's variants; null for any other"),
    fromCents: money.nullable().describe("A configurable product whose variants differ in price: the lowest"),
    bundle: z
      .strictObject({ parts: z.array(bundlePartSchema), hasConfigurableParts: z.boolean() })
      .nullable()
      .describe("A bundle's parts; null for any other product"),
    customOptions: z.array(customOptionSchema),
    crossSells: z.array(productCardSchema),
    alternates: alternatesSchema,
    translated: z.array(localeSchema).describe("The languages it has its own text in"),
    textLang: localeSchema.optional().describe("The language its texts are written in when it is not the call's (untranslated)"),
  }),
);

const layeredValueSchema = shapeOf<LayeredValue>()(
  z.strictObject({
    key: z.string().describe("The value's id (a filter's value ids), yes or no, or range"),
    valueLabel: z.string().describe("Empty for yes/no"),
    totalProducts: z.number().int().describe("The products it shows with every other active filter"),
    attributeID: z.number().int(),
    swatch: z.string().nullable(),
    minValue: z.union([z.number(), z.string()]).nullable().describe("A range's lowest value among the category's products"),
    maxValue: z.union([z.number(), z.string()]).nullable().describe("A range's highest value among the category's products"),
    minLabel: z.string().nullable().describe("minValue written in the call's language"),
    maxLabel: z.string().nullable().describe("maxValue written in the call's language"),
  }),
);

export const layeredFilterSchema = shapeOf<LayeredFilter>()(
  z.strictObject({
    attributeID: z.number().int().describe("A key of a filter (the attribute's id)"),
    attributeCode: z.string().describe("A key of a filter (the attribute's code)"),
    label: z.string(),
    type: attributeTypeSchema.describe("How the filter is shown and what it takes: value ids, a range or yes/no"),
    unit: z.string().nullable(),
    values: z.array(layeredValueSchema),
  }),
);
