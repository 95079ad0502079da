import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orderItems, orders } from "./orders";
import { users } from "./users";

/**
 * An order sent and taken back in parts (docs/decisions/0108): each parcel that left the
 * shop is a shipment, each part the customer sent back a return, both numbered per order
 * (1, 2, ...) with the lines and quantities they carried. What an order line still has to
 * ship, and what may still come back, follows from these rows.
 */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // 1, 2, ... per order: the parcel's name on the order page, in the mail and on its delivery note.
    number: integer("number").notNull(),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffEmail: text("staff_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_shipments_order_number").on(t.orderId, t.number)],
);

export const orderShipmentLines = pgTable(
  "order_shipment_lines",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_shipment_lines_shipment").on(t.shipmentId), check("order_shipment_lines_quantity", sql`${t.quantity} > 0`)],
);

export const orderReturns = pgTable(
  "order_returns",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    reason: text("reason").notNull(),
    // The credit note of this part ("2026-000004", the credit note series) and what it is worth.
    creditNoteNumber: text("credit_note_number").notNull(),
    valueCents: integer("value_cents").notNull(),
    // What went back to the customer with it (the ledger holds the refund itself).
    refundedCents: integer("refunded_cents").notNull().default(0),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffEmail: text("staff_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_returns_order_number").on(t.orderId, t.number)],
);

export const orderReturnLines = pgTable(
  "order_return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_return_lines_return").on(t.returnId), check("order_return_lines_quantity", sql`${t.quantity} > 0`)],
);
