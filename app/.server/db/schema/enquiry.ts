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
export type EnquiryLine = { productId: number; name: string; sku: string; quantity: number; options: { label: string; value: string }[] };

export const priceEnquiries = pgTable(
  "price_enquiries",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_enquiries_email").on(t.email), index("price_enquiries_created").on(t.createdAt)],
);
