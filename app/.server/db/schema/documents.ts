import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { sites } from "./site";
import { users } from "./users";

/**
 * Documents issued for an order (docs/decisions/0104): the invoice, its cancellation
 * (storno), the credit note of a return and the delivery note. Each is written once with
 * a frozen snapshot of everything it prints and is always drawn from that snapshot,
 * never from today's settings or the order's later state. One of each kind per order and
 * part: part 0 is the order as a whole, part n its n-th shipment's delivery note or its
 * n-th partial return's credit note (decision 0108).
 */
export const DOCUMENT_KINDS = ["invoice", "storno", "creditNote", "deliveryNote"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    // An issued document outlives nothing it documents: the order cannot be deleted under it (checked at the end of the statement, so deleting a whole site still cascades).
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "no action" }),
    kind: text("kind").$type<DocumentKind>().notNull(),
    part: integer("part").notNull().default(0),
    number: text("number").notNull(),
    // Numbers run per kind and calendar year (the year of issue).
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    // Who issued it: a backoffice user, or null for the web shop itself.
    operatorId: integer("operator_id").references(() => users.id, { onDelete: "set null" }),
    operatorName: text("operator_name"),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex("issued_documents_order_kind_part").on(t.orderId, t.kind, t.part),
    uniqueIndex("issued_documents_number").on(t.siteId, t.kind, t.year, t.sequence),
    index("issued_documents_site_issued").on(t.siteId, t.issuedAt),
  ],
);

/** Yearly counters of document numbers per kind (one row per site, kind and year, locked while numbering). */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind").$type<DocumentKind>().notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull().default(0),
  },
  (t) => [uniqueIndex("document_numbers_site_kind_year").on(t.siteId, t.kind, t.year)],
);
