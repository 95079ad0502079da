// What a product carries beside its row: custom options, cross-sells, pictures, and the
// bulk price changes that can be undone.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { media } from "./media";
import { sites } from "./site";
import { products, type LocalisedText } from "./catalog";

/** A choice of a custom option (spec: custom_option_values with label), e.g. a subscription plan. */
export type CustomOptionValue = { label: LocalisedText; sku?: string };

/** Buyer-entered options, e.g. the cut length of a sheet (270–15000 mm, spec §5 and §9). */
export const productCustomOptions = pgTable(
  "product_custom_options",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    optionType: text("option_type").$type<"text" | "number">().notNull(),
    code: text("code").notNull(),
    label: jsonb("label").$type<LocalisedText>().notNull(),
    required: boolean("required").notNull().default(false),
    minValue: numeric("min_value", { mode: "number" }),
    maxValue: numeric("max_value", { mode: "number" }),
    unit: text("unit"),
    values: jsonb("values").$type<CustomOptionValue[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    // The option that carries the length of a product sold per running metre: a number
    // option in mm, cm or m (at most one per product).
    isLength: boolean("is_length").notNull().default(false),
  },
  (t) => [
    uniqueIndex("product_custom_options_product_code").on(t.productId, t.code),
    uniqueIndex("product_custom_options_one_length")
      .on(t.productId)
      .where(sql`${t.isLength}`),
    check("product_custom_options_type", sql`${t.optionType} in ('text', 'number')`),
    check(
      "product_custom_options_length",
      sql`not ${t.isLength} or (${t.optionType} = 'number' and coalesce(${t.unit} in ('mm', 'cm', 'm'), false))`,
    ),
  ],
);

export const productCrossSells = pgTable(
  "product_cross_sells",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    crossSellId: integer("cross_sell_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.crossSellId] })],
);

export const productMedia = pgTable(
  "product_media",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index("product_media_media").on(t.mediaId),
    uniqueIndex("product_media_one_default")
      .on(t.productId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A confirmed bulk price change of the product list (docs/decisions/0103): what it did to
 * each product and variant (prices before and after), so "undo" can put back exactly the
 * prices it replaced where nobody has changed them since. Each product also has its own
 * audit rows ("changePrice", "undoPriceChange") naming the batch.
 */
export type PriceTriple = { retailPriceCents: number; priceCents: number; membershipPriceCents: number | null };
export type PriceBatchProduct = {
  productId: number;
  sku: string;
  name: string;
  members: { id: number; sku: string; before: PriceTriple; after: PriceTriple }[];
};
export const priceChangeBatches = pgTable(
  "price_change_batches",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email").notNull(),
    // The change as posted: { mode, value, target, ending }.
    change: jsonb("change").$type<Record<string, unknown>>().notNull(),
    products: jsonb("products").$type<PriceBatchProduct[]>().notNull(),
    productCount: integer("product_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneByEmail: text("undone_by_email"),
    // The undo's outcome: { restored, skipped: [sku, ...] }.
    undoResult: jsonb("undo_result").$type<{ restored: number; skipped: string[] }>(),
  },
  (t) => [index("price_change_batches_site_created").on(t.siteId, t.createdAt)],
);
