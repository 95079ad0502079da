// How products link to attribute values, to the attributes a configurable product varies by,
// to a bundle's parts, and which attributes filter a category.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { ATTRIBUTE_TYPES, attributeValues, attributes, categories, inList, products, type AttributeType } from "./catalog";

/**
 * A product's attribute values: value_id for choice types (one row per chosen value of a
 * multipleSelect), number_value for numberField, bool_value for yesNo, date_value for date.
 */
export const productAttributeValues = pgTable(
  "product_attribute_values",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    valueId: integer("value_id").references(() => attributeValues.id, { onDelete: "cascade" }),
    numberValue: numeric("number_value", { mode: "number" }),
    boolValue: boolean("bool_value"),
    dateValue: date("date_value", { mode: "string" }),
    dateTimeValue: timestamp("date_time_value", { withTimezone: true }),
  },
  (t) => [
    index("product_attribute_values_product").on(t.productId, t.attributeId),
    index("product_attribute_values_value").on(t.attributeId, t.valueId, t.productId),
    index("product_attribute_values_number").on(t.attributeId, t.numberValue),
    index("product_attribute_values_date").on(t.attributeId, t.dateValue),
    // yes/no and dateTime filters of the product list (spec §3 Layered filter).
    index("product_attribute_values_bool").on(t.attributeId, t.boolValue, t.productId),
    index("product_attribute_values_date_time").on(t.attributeId, t.dateTimeValue),
  ],
);

/** The attributes a configurable product is configured by (spec's associatedProductsAttributes). */
export const productConfigurableAttributes = pgTable(
  "product_configurable_attributes",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] })],
);

export const bundleItems = pgTable(
  "bundle_items",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull().default(1),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.productId] }),
    index("bundle_items_product").on(t.productId),
    check("bundle_items_quantity", sql`${t.quantity} > 0`),
  ],
);

/**
 * Which attributes filter a category's product list, in which order and with which of the
 * eight filter types (decision 0048). A category without rows shows every filterable
 * attribute with its own type (the behaviour before categories could choose).
 */
export const categoryFilters = pgTable(
  "category_filters",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    filterType: text("filter_type").$type<AttributeType>().notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.attributeId] }),
    check("category_filters_type", sql`${t.filterType} in (${inList(ATTRIBUTE_TYPES)})`),
  ],
);
