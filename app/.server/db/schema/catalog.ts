import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { media } from "./media";
import { languages, sites } from "./site";

/** Labels per language code2 ({"hr":"Boja","en":"Colour","de":"Farbe"}); hr is the fallback. */
export type LocalisedText = Record<string, string>;

export const PRODUCT_FORMATS = ["simple", "e-product", "configurable", "bundle"] as const;
export type ProductFormat = (typeof PRODUCT_FORMATS)[number];
export const PRODUCT_TYPES = ["product", "service"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** Layered filter input types (spec §3 Layered filter). */
export const ATTRIBUTE_TYPES = [
  "dropdown",
  "numberField",
  "multipleSelect",
  "textSwatch",
  "visualSwatch",
  "yesNo",
  "dateTime",
  "date",
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
/**
 * What a product's price is per (decision 0028): a piece, or a running metre of a length
 * the shopper enters in the product's length option (product_custom_options.is_length).
 */
export const PRICE_UNITS = ["piece", "metre"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Product categories, the shop's "terms" (spec §3 Category/term). */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    // Sort option ids of spec §9 (1..8) this category offers; empty = all of them.
    sortTypes: jsonb("sort_types").$type<number[]>().notNull().default([]),
    sortDefaultType: integer("sort_default_type").notNull().default(1),
    // The category's picture on its page and in category lists (decision 0048).
    mediaId: integer("media_id").references(() => media.id, { onDelete: "set null" }),
    // Optimistic concurrency of the backoffice editor (app/modules/kernel/versioned.server.ts).
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("categories_site_parent_position").on(t.siteId, t.parentId, t.position),
    check("categories_sort_default_type", sql`${t.sortDefaultType} between 1 and 8`),
  ],
);

/** Per-language name and slug, so a category URL maps to the same category in another language. */
export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    languageCode: varchar("language_code", { length: 3 })
      .notNull()
      .references(() => languages.code),
    name: text("name").notNull(),
    title: text("title").notNull().default(""), // page <title>/heading when it differs from the name
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""), // sanitised HTML
    // Search-engine title and description; empty = derived from the name and description.
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.languageCode] }),
    uniqueIndex("category_translations_language_slug").on(t.languageCode, t.slug),
  ],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    format: text("format").$type<ProductFormat>().notNull().default("simple"),
    type: text("type").$type<ProductType>().notNull().default("product"),
    sku: text("sku").notNull().unique(),
    // Set on the variants (associated products) of a configurable product.
    parentId: integer("parent_id").references((): AnyPgColumn => products.id, { onDelete: "cascade" }),
    isVisibleIndividually: boolean("is_visible_individually").notNull().default(true),
    // The variant preselected in the configurator (spec's shopDefault); one per parent.
    isDefaultVariant: boolean("is_default_variant").notNull().default(false),
    // Money in integer cents, VAT included. retail = regular price; price = what is charged
    // now (below retail when discounted); membership = price for member-card holders.
    retailPriceCents: integer("retail_price_cents").notNull(),
    priceCents: integer("price_cents").notNull(),
    membershipPriceCents: integer("membership_price_cents"),
    taxRateBp: integer("tax_rate_bp").notNull().default(2500), // basis points: 2500 = 25 % PDV
    categoryPriority: integer("category_priority").notNull().default(0), // sort options 7 and 8
    // Units on hand; null = not tracked (services, e-products, a bundle or configurable
    // product whose members or variants carry the stock).
    stock: integer("stock").default(0),
    // Made to order (decision 0074): always addable whatever the stock, which is neither
    // checked nor taken; the page says "made to order" instead of the stock state.
    madeToOrder: boolean("made_to_order").notNull().default(false),
    // A piece, or a running metre: the line is then price × length in metres × quantity.
    priceUnit: text("price_unit").$type<PriceUnit>().notNull().default("piece"),
    // Shipping weight in grams per piece, or per running metre when sold per metre
    // (decision 0106); null = not given, weighs nothing in a delivery rate table.
    shippingWeightG: integer("shipping_weight_g"),
    archived: boolean("archived").notNull().default(false),
    eProductUrl: text("e_product_url"), // download link of an e-product
    // The file an e-product delivers (a private media row), downloaded through a signed,
    // expiring link once the order is paid (docs/decisions/0030).
    eProductMediaId: integer("e_product_media_id").references(() => media.id, { onDelete: "set null" }),
    // The attribute set the editor offers for this product (spec §3 attributeSet.attributes).
    attributeSetId: integer("attribute_set_id").references((): AnyPgColumn => attributeSets.id, { onDelete: "set null" }),
    // Optimistic concurrency of the backoffice editor (app/modules/kernel/versioned.server.ts).
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("products_parent").on(t.parentId),
    index("products_site_listing").on(t.siteId, t.archived, t.isVisibleIndividually),
    uniqueIndex("products_one_default_variant")
      .on(t.parentId)
      .where(sql`${t.isDefaultVariant}`),
    check("products_format", sql`${t.format} in (${inList(PRODUCT_FORMATS)})`),
    check("products_type", sql`${t.type} in (${inList(PRODUCT_TYPES)})`),
    check("products_price_unit", sql`${t.priceUnit} in (${inList(PRICE_UNITS)})`),
    check("products_prices", sql`${t.priceCents} >= 0 and ${t.retailPriceCents} >= 0 and ${t.membershipPriceCents} >= 0`),
    check("products_shipping_weight", sql`${t.shippingWeightG} is null or ${t.shippingWeightG} >= 0`),
    check("products_e_product_url", sql`${t.eProductUrl} is null or ${t.format} = 'e-product'`),
  ],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    languageCode: varchar("language_code", { length: 3 })
      .notNull()
      .references(() => languages.code),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    description: text("description").notNull().default(""), // sanitised HTML
    // Search-engine title and description; empty = derived from the name and short description.
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.languageCode] }),
    uniqueIndex("product_translations_language_slug").on(t.languageCode, t.slug),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index("product_categories_category_position").on(t.categoryId, t.position)],
);

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(), // shown as is, e.g. "Hero", "Top proizvodi"
  },
  (t) => [uniqueIndex("tags_site_name").on(t.siteId, t.name)],
);

export const productTags = pgTable(
  "product_tags",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index("product_tags_tag").on(t.tagId)],
);

/** Product attributes; the filterable ones become layered filters (spec §3 Layered filter). */
export const attributes = pgTable(
  "attributes",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    type: text("type").$type<AttributeType>().notNull(),
    label: jsonb("label").$type<LocalisedText>().notNull(),
    unit: text("unit"), // e.g. "mm" for a numberField
    isFilterable: boolean("is_filterable").notNull().default(true),
    position: integer("position").notNull().default(0),
    // Optimistic concurrency of the backoffice editor (app/modules/kernel/versioned.server.ts).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("attributes_site_code").on(t.siteId, t.code),
    check("attributes_type", sql`${t.type} in (${inList(ATTRIBUTE_TYPES)})`),
  ],
);

/**
 * The choices of a dropdown, multipleSelect or swatch attribute. A numberField may list its
 * usual values here too (thickness 0.5, 0.7 ...) so a configurator can offer them by id.
 */
export const attributeValues = pgTable(
  "attribute_values",
  {
    id: serial("id").primaryKey(),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    value: text("value").notNull(), // stable machine value, e.g. "ral-7016"
    label: jsonb("label").$type<LocalisedText>().notNull(),
    swatch: text("swatch"), // #rrggbb for visualSwatch
    // An image swatch (a texture or finish photo) instead of a colour, for visualSwatch.
    mediaId: integer("media_id").references(() => media.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("attribute_values_attribute_value").on(t.attributeId, t.value)],
);

/** Attribute sets (spec §3 attributeSet.attributes): the attributes a kind of product carries, offered together in the editor. */
export const attributeSets = pgTable(
  "attribute_sets",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("attribute_sets_site_name").on(t.siteId, t.name)],
);

export const attributeSetAttributes = pgTable(
  "attribute_set_attributes",
  {
    setId: integer("set_id")
      .notNull()
      .references(() => attributeSets.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.setId, t.attributeId] }), index("attribute_set_attributes_attribute").on(t.attributeId)],
);
