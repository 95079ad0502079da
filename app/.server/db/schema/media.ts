import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Folders of the media library (decision 0052): one level is what the screens offer;
 * `parentId` lets a later screen nest them without a migration. Deleting a folder is
 * refused while it holds files or folders (app/modules/media-library).
 */
export const mediaFolders = pgTable("media_folders", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  parentId: integer("parent_id").references((): AnyPgColumn => mediaFolders.id, { onDelete: "restrict" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Media library (spec §3 Media item). The original file lives at `path`, relative to the
 * media root (app/.server/media/media-root.server.ts), so the data directory can move.
 * Sized variants (spec §3 Media sizes) are derived from the original and not stored here.
 * Its own file because CMS pages and posts use media too, not only products.
 */
export const media = pgTable(
  "media",
  {
    id: serial("id").primaryKey(),
    // Public, stable identifier used in URLs; the serial id never leaves the server.
    driveId: uuid("drive_id").notNull().unique(),
    version: integer("version").notNull().default(1),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    path: text("path").notNull(),
    mime: text("mime").notNull(),
    extension: text("extension").notNull(),
    size: integer("size").notNull(), // bytes
    hash: text("hash").notNull(), // sha256 of the original, hex
    width: integer("width"),
    height: integer("height"),
    access: text("access").$type<"public" | "private">().notNull().default("public"),
    originalName: text("original_name").notNull(),
    // Alternative text per language code2, e.g. {"hr":"...","en":"..."}; hr is the fallback.
    alt: jsonb("alt").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Texts per language code2, hr first (decision 0052); `title` and `description` stay the
    // Croatian ones so that every existing reader keeps working.
    titles: jsonb("titles").$type<Record<string, string>>().notNull().default({}),
    descriptions: jsonb("descriptions").$type<Record<string, string>>().notNull().default({}),
    displayNames: jsonb("display_names").$type<Record<string, string>>().notNull().default({}),
    folderId: integer("folder_id").references(() => mediaFolders.id, { onDelete: "set null" }),
    // Optimistic concurrency of the edit form. Not `version`: that one names the file in
    // URLs and variant caches, and must change only when the file does (a replace).
    revision: integer("revision").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Who put the file here (decision 0082): the shop's own files ("library") or a shopper's
    // upload with a form ("shopper"). A shopper's file belongs to its submission: the media
    // library never lists or changes it, only the sales inbox shows it, and it is never public.
    origin: text("origin").$type<MediaOrigin>().notNull().default("library"),
    // The picture's focal point in percent of its width and height (decision 0125): where a
    // crop (object-fit: cover on a phone's narrow box) keeps the subject. 50/50 is the centre.
    focalX: integer("focal_x").notNull().default(50),
    focalY: integer("focal_y").notNull().default(50),
  },
  (t) => [
    index("media_folder").on(t.folderId),
    check("media_shopper_uploads_private", sql`${t.origin} <> 'shopper' or ${t.access} = 'private'`),
    check("media_focal_point", sql`${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100`),
  ],
);
export type MediaOrigin = "library" | "shopper";
