import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, serial, timestamp } from "drizzle-orm/pg-core";
import { products, type LocalisedText } from "./catalog";
import { sites } from "./site";

/**
 * Customer groups (decision 0107): contractors and other trade customers the owner sells to
 * below the catalogue price. A group takes a percentage off every price and may name a fixed
 * price (VAT included) for a product or variant, which replaces the percentage for it.
 */
export const customerGroups = pgTable(
  "customer_groups",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<LocalisedText>().notNull(),
    // Percent off in basis points: 12,5 % is 1250; at most 90 %.
    discountBp: integer("discount_bp").notNull().default(0),
    // Optimistic concurrency of the backoffice editor (app/modules/kernel/versioned.server.ts).
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("customer_groups_discount", sql`${t.discountBp} between 0 and 9000`)],
);

/** A group's own price of one product or variant (VAT included). */
export const customerGroupPrices = pgTable(
  "customer_group_prices",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => customerGroups.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.productId] }), check("customer_group_prices_price", sql`${t.priceCents} >= 0`)],
);
