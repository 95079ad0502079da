import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { products, type LocalisedText } from "./catalog";
import { sites } from "./site";
import { users } from "./users";

/**
 * Carts (spec §3 Cart, §4 Cart, §9 cookies): a row per cart session, found by the cartId
 * cookie and proven by the secret protectCode cookie. An archived cart or one whose order
 * was placed (used_at) is never changed again ('Cart is archived.', 'Session already used.').
 */
export const CART_STATUSES = ["active", "archived"] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

export const deliveryMethods = pgTable(
  "delivery_methods",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: jsonb("name").$type<LocalisedText>().notNull(),
    description: jsonb("description").$type<LocalisedText>().notNull().default({}),
    priceCents: integer("price_cents").notNull(), // VAT included, like every price
    taxRateBp: integer("tax_rate_bp").notNull().default(2500),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    // Long goods (decision 0106): a cart with a line longer than this many millimetres pays
    // the surcharge on top (sheets over 3 m need a truck). Both set or both empty.
    longGoodsFromMm: integer("long_goods_from_mm"),
    longGoodsSurchargeCents: integer("long_goods_surcharge_cents"),
    // Optimistic concurrency of the backoffice editor (app/modules/kernel/versioned.server.ts).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("delivery_methods_site_code").on(t.siteId, t.code),
    check("delivery_methods_price", sql`${t.priceCents} >= 0`),
    check(
      "delivery_methods_long_goods",
      sql`(${t.longGoodsFromMm} is null) = (${t.longGoodsSurchargeCents} is null) and coalesce(${t.longGoodsFromMm}, 1) > 0 and coalesce(${t.longGoodsSurchargeCents}, 0) >= 0`,
    ),
  ],
);

/**
 * A delivery method's zones (decision 0106): a name and the country codes it covers; a
 * country is in at most one zone of a method. The zone of the delivery country picks the
 * method's rate rows.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    id: serial("id").primaryKey(),
    deliveryMethodId: integer("delivery_method_id")
      .notNull()
      .references(() => deliveryMethods.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    countries: jsonb("countries").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("delivery_zones_method_name").on(t.deliveryMethodId, t.name)],
);

/**
 * A rate row (decision 0106): within its zone, carts weighing up to max_weight_g pay
 * price_cents (VAT included). A method with rate rows is priced by them instead of its
 * flat price; a cart heavier than every row of its zone is not offered the method.
 */
export const deliveryRates = pgTable(
  "delivery_rates",
  {
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => deliveryZones.id, { onDelete: "cascade" }),
    maxWeightG: integer("max_weight_g").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    uniqueIndex("delivery_rates_zone_weight").on(t.zoneId, t.maxWeightG),
    check("delivery_rates_values", sql`${t.maxWeightG} > 0 and ${t.priceCents} >= 0`),
  ],
);

/** An address as checkout and the order keep it (spec §3 Address form; country as ISO code and name). */
export type CheckoutAddress = {
  firstName: string;
  lastName: string;
  contactEmail: string;
  contactPhone: string;
  countryIso: string;
  countryName: string;
  city: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  companyName: string;
  companyOib: string;
};

export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    protectCode: text("protect_code").notNull(),
    locale: varchar("locale", { length: 2 }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<CartStatus>().notNull().default("active"),
    // Set when an order is placed from the cart: the session cannot be used again.
    usedAt: timestamp("used_at", { withTimezone: true }),
    couponCode: text("coupon_code"),
    memberCardBarcode: text("member_card_barcode"),
    instructions: text("instructions").notNull().default(""),
    deliveryMethodId: integer("delivery_method_id").references(() => deliveryMethods.id, { onDelete: "set null" }),
    // Checkout steps (spec §2 Checkout: address, shipping, payment), kept on the cart so a
    // reload or a shopper without JavaScript continues where they were.
    deliveryAddress: jsonb("delivery_address").$type<CheckoutAddress>(),
    billingAddress: jsonb("billing_address").$type<CheckoutAddress>(),
    deliveryBranchId: integer("delivery_branch_id"),
    paymentMethodId: integer("payment_method_id"),
    // A cart a backoffice user builds for a customer on the phone (decision 0109): never the
    // customer's own session, so their sign-in neither restores nor merges it.
    heldByStaffId: integer("held_by_staff_id").references(() => users.id, { onDelete: "set null" }),
    // Who the held cart is for, as told on the phone: the page's heading and the address form's start.
    heldFor: jsonb("held_for").$type<HeldFor>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("carts_user").on(t.userId),
    index("carts_held_by_staff").on(t.heldByStaffId),
    check("carts_status", sql`${t.status} in ('active', 'archived')`),
  ],
);

/** The customer a backoffice user takes a phone order for (decision 0109). */
export type HeldFor = { firstName: string; lastName: string; email: string; phone: string };

/** A bundle part's chosen variant (spec §3 Cart item options.bundleOptions: id and options). */
export type BundleOption = { id: number; variantId: number };
/** What a cart item carries besides product and quantity (spec §3 Cart item options). */
export type CartItemOptions = {
  personalizations: Record<string, string | number>;
  bundleOptions: BundleOption[];
};

export const cartItems = pgTable(
  "cart_items",
  {
    // Opaque (random), so one visitor's item ids say nothing about other carts.
    id: text("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    options: jsonb("options").$type<CartItemOptions>().notNull(),
    // Product, variant and options in a canonical form: identical lines merge (spec §1 items merge).
    mergeKey: text("merge_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_items_cart_merge_key").on(t.cartId, t.mergeKey),
    index("cart_items_cart").on(t.cartId, t.createdAt),
    check("cart_items_quantity", sql`${t.quantity} between 1 and 999`),
  ],
);

export const COUPON_TYPES = ["percent", "fixed"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    code: text("code").notNull(), // stored upper case: codes are typed by hand
    type: text("type").$type<CouponType>().notNull(),
    // percent: whole percent 1..100; fixed: cents off.
    value: integer("value").notNull(),
    minCartCents: integer("min_cart_cents").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    usageLimit: integer("usage_limit"), // null = unlimited
    // Orders one customer (signed-in user, else the order's e-mail) may place with it; null = unlimited.
    perCustomerLimit: integer("per_customer_limit"),
    // What the coupon is for, for the shop owner (never shown to shoppers).
    note: text("note").notNull().default(""),
    usedCount: integer("used_count").notNull().default(0), // counted when an order is placed
    // Products the discount applies to (their rows only); empty = the whole cart.
    productIds: jsonb("product_ids").$type<number[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    // Optimistic concurrency of the backoffice editor (app/modules/kernel/versioned.server.ts).
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_site_code").on(t.siteId, t.code),
    check("coupons_type", sql`${t.type} in ('percent', 'fixed')`),
    check("coupons_value", sql`${t.value} > 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`),
    check("coupons_limits", sql`coalesce(${t.usageLimit}, 1) > 0 and coalesce(${t.perCustomerLimit}, 1) > 0`),
  ],
);
