import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sites } from "./site";

/** pending = waiting for the double opt-in link (option NewsletterDoubleOptIn); subscribed = confirmed. */
export const NEWSLETTER_STATUSES = ["subscribed", "pending"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** Newsletter sign-ups (spec §7 Marketing newsletter/subscribe); one row per address and site. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    // Stored trimmed and lower-cased, so the unique index catches "Ana@x.hr" and "ana@x.hr".
    email: text("email").notNull(),
    status: text("status").$type<NewsletterStatus>().notNull(),
    // Interface language of the sign-up: the language mails to this address are written in.
    locale: varchar("locale", { length: 2 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // SHA-256 of the double opt-in token: only the mail holds the token itself, so a copy of
    // the database cannot confirm addresses. Cleared once confirmed.
    tokenHash: text("token_hash"),
    // Unsubscribed by the backoffice (decision 0055): kept as the record of the opt-out, never mailed.
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_site_email").on(t.siteId, t.email),
    uniqueIndex("newsletter_subscribers_token_hash").on(t.tokenHash),
    check("newsletter_subscribers_status", sql`${t.status} in ('subscribed', 'pending')`),
  ],
);
