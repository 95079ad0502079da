import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { countries } from "./site";
import { users } from "./users";

/** Spec §3 Address form "type (shipping or main/billing; address types overall: main, billing, shipping, other)". */
export const ADDRESS_TYPES = ["main", "billing", "shipping", "other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** A customer's addresses (spec §3 Address form); the country is stored as its id (spec: "sent as country id"). */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<AddressType>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    countryId: integer("country_id").references(() => countries.id),
    city: varchar("city", { length: 75 }).notNull().default(""),
    street: varchar("street", { length: 75 }).notNull().default(""),
    houseNumber: varchar("house_number", { length: 15 }).notNull().default(""),
    zipCode: varchar("zip_code", { length: 25 }).notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    companyOib: varchar("company_oib", { length: 11 }).notNull().default(""),
    /** The customer's default delivery address (the checkout's first choice): at most one per customer. */
    defaultDelivery: boolean("default_delivery").notNull().default(false),
    /** The customer's default billing address: at most one per customer. */
    defaultBilling: boolean("default_billing").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("addresses_user").on(t.userId),
    uniqueIndex("addresses_default_delivery")
      .on(t.userId)
      .where(sql`${t.defaultDelivery}`),
    uniqueIndex("addresses_default_billing")
      .on(t.userId)
      .where(sql`${t.defaultBilling}`),
  ],
);

export const ACCOUNT_TOKEN_PURPOSES = ["verifyEmail", "resetPassword", "invite"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use, expiring tokens mailed to a customer (e-mail verification, password reset).
 * Only a SHA-256 of the token is stored, so a database leak does not hand out working links.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("account_tokens_hash").on(t.tokenHash), index("account_tokens_user").on(t.userId, t.purpose)],
);

/**
 * Consecutive failed sign-ins per username and client address (decision 0010: after 10, a
 * cooling period). In the database so that every server process counts the same tries.
 */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Wishlists of registered customers (spec §3 Wishlist entry: product_id; §4 Wishlist):
 * one row per product a customer keeps; adding the same product again removes it.
 */
export const wishlistEntries = pgTable(
  "wishlist_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wishlist_entries_user_product").on(t.userId, t.productId)],
);
