import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { carts, deliveryMethods, type CartItemOptions, type CheckoutAddress } from "./cart";
import { products, type LocalisedText, type PriceUnit } from "./catalog";
import { consentLogs } from "./consent";
import { sites } from "./site";
import { users } from "./users";

/**
 * Checkout and orders (spec §2 Checkout, §3 Checkout/Shipping form/Payment form/Order
 * document, §7 Ecommerce checkout, delivery, payment, order; decision 0011). Money in integer
 * cents, VAT included, as in the cart. An order keeps copies (snapshots) of names,
 * addresses and prices: later edits of a product or a method never change a placed order.
 */

export const DELIVERY_BRANCH_KINDS = ["pickup", "locker"] as const;
export type DeliveryBranchKind = (typeof DELIVERY_BRANCH_KINDS)[number];

/** Pick-up points or parcel lockers of a delivery method (spec §3 Shipping form branchId). */
export const deliveryBranches = pgTable(
  "delivery_branches",
  {
    id: serial("id").primaryKey(),
    deliveryMethodId: integer("delivery_method_id")
      .notNull()
      .references(() => deliveryMethods.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    // A staffed pick-up point or a parcel locker (decision 0049).
    kind: text("kind").$type<DeliveryBranchKind>().notNull().default("pickup"),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("delivery_branches_method").on(t.deliveryMethodId, t.position),
    check("delivery_branches_kind", sql`${t.kind} in ('pickup', 'locker')`),
  ],
);

/** The payment gateways the code knows; a payment method row picks one (decision 0012). */
export const PAYMENT_GATEWAYS = ["cashOnDelivery", "bankTransfer", "card"] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    gateway: text("gateway").$type<PaymentGateway>().notNull(),
    name: jsonb("name").$type<LocalisedText>().notNull(),
    description: jsonb("description").$type<LocalisedText>().notNull().default({}),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    // The gateway's own settings a shop owner may change (bank transfer: the account on the
    // slip). Secrets never live here: card provider keys come from the environment.
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    // Optimistic concurrency of the backoffice editor (app/modules/kernel/versioned.server.ts).
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("payment_methods_site_code").on(t.siteId, t.code)],
);

export type OrderAddress = CheckoutAddress;

/**
 * Fulfilment status (decision 0039; the moves allowed between them are the order state
 * machine, app/modules/order/order-states.ts): draft (a quote made into an order the
 * customer still has to pay), received, shipped, delivered, cancelled, returned.
 * "processing" and "completed" are kept only because older rows may carry them.
 */
export const ORDER_STATUSES = ["draft", "received", "processing", "shipped", "delivered", "completed", "cancelled", "returned"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    // The human order number shown to the shopper and used as the payment reference
    // (orderSlug of spec §2 Order success), e.g. "2026-000042".
    slug: text("slug").notNull(),
    // One cart becomes at most one order: the unique index makes a double submit, a
    // browser retry or a replayed form post find the order already placed (decision 0011).
    cartId: integer("cart_id").references(() => carts.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    locale: varchar("locale", { length: 2 }).notNull(),
    currencyLabel: text("currency_label").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("received"),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull().default("pending"),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    paymentGateway: text("payment_gateway").$type<PaymentGateway>().notNull(),
    paymentMethodName: text("payment_method_name").notNull(),
    deliveryMethodId: integer("delivery_method_id").references(() => deliveryMethods.id, { onDelete: "set null" }),
    deliveryMethodName: text("delivery_method_name").notNull(),
    deliveryBranchName: text("delivery_branch_name"),
    deliveryAddress: jsonb("delivery_address").$type<OrderAddress>().notNull(),
    billingAddress: jsonb("billing_address").$type<OrderAddress>().notNull(),
    couponCode: text("coupon_code"),
    memberCardBarcode: text("member_card_barcode"),
    // The consents the shopper gave with the order (checkout's consent log row): the order's "consents given".
    consentLogId: integer("consent_log_id").references(() => consentLogs.id, { onDelete: "set null" }),
    instructions: text("instructions").notNull().default(""),
    itemsTotalCents: integer("items_total_cents").notNull(),
    couponCents: integer("coupon_cents").notNull().default(0),
    loyaltyCents: integer("loyalty_cents").notNull().default(0),
    deliveryCents: integer("delivery_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull(),
    orderTotalCents: integer("order_total_cents").notNull(),
    // When the order became paid in full.
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // The day of the last payment received.
    paidOn: date("paid_on"),
    // What was received and given back so far: the sums of order_payments, kept beside the
    // order by the one writer of that ledger (order-payments.server.ts) in its transaction.
    paidAmountCents: integer("paid_amount_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    // The credit note of a returned order ("2026-000003"), numbered by credit_note_numbers.
    creditNoteSlug: text("credit_note_slug"),
    // Optimistic concurrency of the backoffice edit pattern (DESIGN.md "One edit pattern").
    version: integer("version").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_site_slug").on(t.siteId, t.slug),
    // The backoffice order list: newest first, filtered by status or payment.
    index("orders_site_created").on(t.siteId, t.createdAt),
    index("orders_status").on(t.siteId, t.status, t.paymentStatus),
    uniqueIndex("orders_cart").on(t.cartId),
    index("orders_user").on(t.userId, t.createdAt),
    check("orders_total", sql`${t.orderTotalCents} >= 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => products.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    // For a product sold per running metre unitCents is the price of a metre and lengthMm
    // the length cut (decision 0028): rowCents = unitCents × lengthMm / 1000 × quantity.
    unitCents: integer("unit_cents").notNull(),
    priceUnit: text("price_unit").$type<PriceUnit>().notNull().default("piece"),
    lengthMm: integer("length_mm"),
    rowCents: integer("row_cents").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    options: jsonb("options").$type<CartItemOptions>().notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("order_items_order").on(t.orderId, t.position), check("order_items_quantity", sql`${t.quantity} > 0`)],
);

/**
 * The order's money ledger: every payment received and every refund given, by bank, card,
 * cash or the card provider, with the day the money moved and who recorded it. An order's
 * paid and refunded sums (and so revenue) are the sums of these rows (decision 0100).
 */
export const PAYMENT_ENTRY_KINDS = ["payment", "refund"] as const;
export type PaymentEntryKind = (typeof PAYMENT_ENTRY_KINDS)[number];
export const MONEY_CHANNELS = ["bank", "card", "cash"] as const;
export type MoneyChannel = (typeof MONEY_CHANNELS)[number];

export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PaymentEntryKind>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    // The day the money moved (the bank statement's day), never after the day it was recorded.
    day: date("day").notNull(),
    channel: text("channel").$type<MoneyChannel>().notNull(),
    // The provider's transaction for a card payment or refund.
    reference: text("reference"),
    note: text("note").notNull().default(""),
    // Who recorded it; null when the card provider or the checkout did.
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffEmail: text("staff_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_payments_order").on(t.orderId, t.id), check("order_payments_amount", sql`${t.amountCents} > 0`)],
);

/**
 * What a payment provider told us (card gateway return and callback, decision 0012):
 * kept for the audit trail; a callback is only acted on after its signature checks out,
 * and a provider transaction id is acted on once.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway").$type<PaymentGateway>().notNull(),
    kind: text("kind").notNull(), // "redirect" | "return" | "callback"
    outcome: text("outcome").notNull(), // "success" | "failure" | "cancel" | "badSignature"
    providerReference: text("provider_reference"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_order").on(t.orderId), uniqueIndex("payment_events_reference").on(t.gateway, t.providerReference, t.kind)],
);

/** Yearly counter behind the human order numbers (one row per site and year, locked while numbering). */
export const orderNumbers = pgTable(
  "order_numbers",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    last: integer("last").notNull().default(0),
  },
  (t) => [uniqueIndex("order_numbers_site_year").on(t.siteId, t.year)],
);

/** Yearly counter of credit notes (returned orders), like order_numbers. */
export const creditNoteNumbers = pgTable(
  "credit_note_numbers",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    last: integer("last").notNull().default(0),
  },
  (t) => [uniqueIndex("credit_note_numbers_site_year").on(t.siteId, t.year)],
);

/** Internal notes on an order: seen only in the backoffice, never by the customer. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order").on(t.orderId, t.createdAt)],
);
