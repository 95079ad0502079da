import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sites } from "./site";

/**
 * In-page editing (DESIGN.md "Edit mode", decisions 0051 and 0056): what an editor changes is a draft
 * until Publish; every publish keeps a version that can be restored.
 *
 * A piece of content is named by its `kind` and `entityId` in one `languageCode`:
 * - "page": a page_translations row's content (title, slug, body, components), entity = pages.id;
 * - "element": a page element's options (header, footer, cookie), entity = page_elements.id;
 * - "navigation": a navigation's items (labels of every language), entity = navigations.id,
 *   language "*" because one tree holds every language's labels;
 * - "master": a master component's name and section (decision 0133), entity = master_components.id,
 *   language "*" (a master is one section for every language).
 */
export const CONTENT_KINDS = ["page", "element", "navigation", "master"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * One editor's unpublished changes of a piece of content. `baseVersion` is the live
 * version the draft started from: publishing refuses (409) when the live content moved on
 * since, so a form save in the backoffice or another editor's publish is never silently
 * overwritten. `revision` counts the draft's own saves for the same check between two
 * editors working on one draft.
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ContentKind>().notNull(),
    entityId: integer("entity_id").notNull(),
    languageCode: varchar("language_code", { length: 3 }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    baseVersion: integer("base_version").notNull(),
    revision: integer("revision").notNull().default(1),
    // Kept when the user is deleted: the e-mail says who it was.
    updatedBy: integer("updated_by"),
    updatedByEmail: text("updated_by_email").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_drafts_content").on(t.siteId, t.kind, t.entityId, t.languageCode)],
);

/** A published state of a piece of content: history lists these (who, when) and restores one. */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ContentKind>().notNull(),
    entityId: integer("entity_id").notNull(),
    languageCode: varchar("language_code", { length: 3 }).notNull(),
    // The live version number this snapshot became (page_translations.version, ...).
    version: integer("version").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    // How it came to be: "publish", "form" (a backoffice form save), "restore" (of version n), "create".
    source: text("source").notNull().default("publish"),
    note: text("note").notNull().default(""),
    createdBy: integer("created_by"),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_versions_content").on(t.kind, t.entityId, t.languageCode, t.version)],
);

/** Saved "master components" (spec §2 "choose master component"): a component an editor reuses on other pages. */
export const masterComponents = pgTable("master_components", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id")
    .notNull()
    .references(() => sites.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  component: jsonb("component").$type<Record<string, unknown>>().notNull(),
  // The published version (decision 0133): a draft starts from one, and publishing a draft made on an older one is refused.
  version: integer("version").notNull().default(1),
  createdBy: integer("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
