import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { media } from "./media";
import { languages, sites } from "./site";
import { users } from "./users";

export const POST_STATUSES = ["published", "draft"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * CMS posts of every type (spec §3, §7 post/*): 'page' now; blog posts and other post
 * types share the table, so one catch-all /{slug} lookup finds any of them. Translatable
 * fields live in post translations, one row per content language.
 */
export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    postType: text("post_type").notNull().default("page"),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    // Null while never published; a future date schedules the post.
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    author: integer("author").references(() => users.id, { onDelete: "set null" }),
    // The post's picture (blog list and post view), from the media library.
    imageId: integer("image_id").references(() => media.id, { onDelete: "set null" }),
    // Optimistic concurrency of the page's own settings in the backoffice (status, date, picture, author, terms);
    // its texts carry their own version per language (page_translations.version).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    check("pages_status", sql`${t.status} in ('published', 'draft')`),
    // Listings (post/filterStandard) filter by type and sort by published_at descending.
    index("pages_site_type_published").on(t.siteId, t.postType, t.publishedAt),
  ],
);

/**
 * A post in one content language (three-letter code, spec §3 Language: 'hrv', 'eng',
 * 'ger'). The slug is unique per language so that a URL names one post, and the same
 * post's rows give its URL in every other language (getUrlOnLanguage).
 */
export const pageTranslations = pgTable(
  "page_translations",
  {
    id: serial("id").primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    languageCode: varchar("language_code", { length: 3 })
      .notNull()
      .references(() => languages.code),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    // Sanitised on save (and again on render): never store markup an editor did not get through the allow-list.
    bodyHtml: text("body_html").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    // Page components (sliders, forms, ...) arrive with a later issue.
    components: jsonb("components").$type<unknown[]>().notNull().default([]),
    // Optimistic concurrency of the backoffice form and of in-page publishing (app/modules/cms/page-content.server.ts).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("page_translations_language_slug").on(t.languageCode, t.slug),
    uniqueIndex("page_translations_page_language").on(t.pageId, t.languageCode),
    // Slug look-ups that do not know the language (finder searchSlugs, redirects).
    index("page_translations_slug").on(t.slug),
  ],
);
