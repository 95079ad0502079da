import { integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Media library (spec §3 Media item). The original file lives at `path`, relative to the
 * media root (app/.server/media/media-root.server.ts), so the data directory can move.
 * Sized variants (spec §3 Media sizes) are derived from the original and not stored here.
 * Its own file because CMS pages and posts use media too, not only products.
 */
export const media = pgTable("media", {
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
});
