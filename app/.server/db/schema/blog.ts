import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { pages } from "./content";
import { languages, sites } from "./site";
import { users } from "./users";

export const TERM_TYPES = ["category", "tag"] as const;
export type TermType = (typeof TERM_TYPES)[number];

/** Blog terms (spec §3 Category/term): categories and tags; names and slugs per language. */
export const terms = pgTable(
  "terms",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    type: text("type").$type<TermType>().notNull(),
    position: integer("position").notNull().default(0),
    // Optimistic concurrency of the backoffice term form (decision 0054).
    version: integer("version").notNull().default(1),
  },
  (t) => [check("terms_type", sql`${t.type} in ('category', 'tag')`)],
);

export const termTranslations = pgTable(
  "term_translations",
  {
    id: serial("id").primaryKey(),
    termId: integer("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "cascade" }),
    languageCode: varchar("language_code", { length: 3 })
      .notNull()
      .references(() => languages.code),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
  },
  (t) => [
    uniqueIndex("term_translations_language_slug").on(t.languageCode, t.slug),
    uniqueIndex("term_translations_term_language").on(t.termId, t.languageCode),
  ],
);

/** Which terms a post (a `pages` row of post_type 'post') is filed under. */
export const postTerms = pgTable(
  "post_terms",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    termId: integer("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.termId] }), index("post_terms_term").on(t.termId)],
);

/** Calendar events (spec §3 Event: startEvent, endEvent, eventAttendees; §7 event/public/*). */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    place: text("place").notNull().default(""),
    // The public attendance figure: the seeded count plus the seats of event_attendees,
    // changed in the same transaction as an attendee row (app/modules/content-admin/event-attendees.server.ts).
    attendees: integer("attendees").notNull().default(0),
    published: boolean("published").notNull().default(true),
    // Optimistic concurrency of the backoffice event form (decision 0054).
    version: integer("version").notNull().default(1),
  },
  (t) => [check("events_ends_after_start", sql`${t.endsAt} >= ${t.startsAt}`), index("events_site_start").on(t.siteId, t.startsAt)],
);

export const eventTranslations = pgTable(
  "event_translations",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    languageCode: varchar("language_code", { length: 3 })
      .notNull()
      .references(() => languages.code),
    title: text("title").notNull(),
    // Sanitised on save and on render, like every CMS body.
    descriptionHtml: text("description_html").notNull().default(""),
  },
  (t) => [uniqueIndex("event_translations_event_language").on(t.eventId, t.languageCode)],
);

/**
 * Who comes to an event (spec §3 Event eventAttendees): people the shop writes down (by
 * phone, e-mail, at the counter); `seats` is how many they bring. Personal data: only the
 * backoffice reads it; the public page shows the total (events.attendees).
 */
export const eventAttendees = pgTable(
  "event_attendees",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    seats: integer("seats").notNull().default(1),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("event_attendees_seats", sql`${t.seats} between 1 and 1000`), index("event_attendees_event").on(t.eventId)],
);

export const COMMENT_ENTITIES = ["product", "post"] as const;
export type CommentEntity = (typeof COMMENT_ENTITIES)[number];
export const COMMENT_STATUSES = ["pending", "approved", "rejected"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/**
 * Comments and ratings on products and posts (spec §1, §5, §7 comments). With
 * RequireAdminPublishing a new or edited comment waits as 'pending' until approved.
 * entity_id is a products.id or a pages.id (no foreign key: it points at either).
 */
export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    entityType: text("entity_type").$type<CommentEntity>().notNull(),
    entityId: integer("entity_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating"),
    content: text("content").notNull().default(""),
    status: text("status").$type<CommentStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // The shop's answer, shown under the comment (decision 0055); empty = none.
    reply: text("reply").notNull().default(""),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    // Optimistic concurrency of the backoffice edit (decision 0038).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    check("comments_entity_type", sql`${t.entityType} in ('product', 'post')`),
    check("comments_status", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("comments_rating", sql`${t.rating} is null or ${t.rating} between 1 and 10`),
    index("comments_entity").on(t.entityType, t.entityId, t.status),
    index("comments_user").on(t.userId),
    index("comments_status").on(t.status),
  ],
);
