import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { consentLogs } from "./consent";
import { mailOutbox, sites } from "./site";

/**
 * Price enquiries ('Upit o cijeni', spec §2) sent from a product page: the contact form's
 * fields (spec §3 Contact form) with the product asked about, the consent log of the
 * submission and the mail that told the shop (its SendEmailTo address).
 *
 * A request-quote cart's inquiry (spec §2 request-quote cart variant) is a row too: no
 * product (productId null, productName and productSku empty) and the cart's lines in `lines`.
 */
// variantId and lengthMm (per running metre, decision 0028) are absent on quotes sent before
// they were kept; the order drafted from the quote carries them (app/modules/order/order-writer.server.ts).
export type EnquiryLine = {
  productId: number;
  variantId?: number | null;
  lengthMm?: number | null;
  name: string;
  sku: string;
  quantity: number;
  options: { label: string; value: string }[];
};

export const ENQUIRY_STATUSES = ["new", "answered", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const priceEnquiries = pgTable(
  "price_enquiries",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    // Kept when the product is deleted: the enquiry stays with the name and sku it was about.
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    productSku: text("product_sku").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    // The contact form's "from": the shopper's e-mail, trimmed and lower-cased.
    email: text("email").notNull(),
    contactNumber: text("contact_number").notNull().default(""),
    content: text("content").notNull(),
    // Interface language of the page it was sent from: the language to answer in.
    locale: varchar("locale", { length: 2 }).notNull(),
    userType: text("user_type").notNull(), // "registered" | "anonymous", as in the consent log
    consentLogId: integer("consent_log_id").references(() => consentLogs.id, { onDelete: "set null" }),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    // The lines of the cart a request-quote inquiry was sent from; null for a product's enquiry.
    lines: jsonb("lines").$type<EnquiryLine[]>(),
    // The backoffice inbox (decision 0041): new, answered, closed.
    status: text("status").$type<EnquiryStatus>().notNull().default("new"),
    // The order draft a request-quote cart became (the customer pays it from the mailed link).
    orderId: integer("order_id"),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_enquiries_email").on(t.email), index("price_enquiries_created").on(t.createdAt)],
);

/**
 * Answers sent from the backoffice inbox to a price enquiry, request-quote cart or form
 * submission (decision 0041): the text kept with the mail that carried it.
 */
export const enquiryReplies = pgTable(
  "enquiry_replies",
  {
    id: serial("id").primaryKey(),
    // "enquiry" (price_enquiries, request-quote carts included) or "submission" (form_submissions).
    source: text("source").$type<"enquiry" | "submission">().notNull(),
    sourceId: integer("source_id").notNull(),
    authorId: integer("author_id"),
    authorEmail: text("author_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_replies_source").on(t.source, t.sourceId, t.createdAt)],
);
