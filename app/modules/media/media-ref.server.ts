import type { media } from "~/.server/db/schema";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";

type MediaRow = Pick<typeof media.$inferSelect, "driveId" | "title" | "alt" | "width" | "height" | "version">;

/**
 * What a page needs to show a media row in a language. Alt text falls back to Croatian
 * (the source language), then to the title: an image a shopper must understand (a
 * product photo) should never be announced as decorative only because nobody wrote its alt.
 */
export function toMediaRef(row: MediaRow, locale: Locale): MediaRef {
  const alt = row.alt[locale] ?? row.alt[DEFAULT_LOCALE] ?? row.title;
  return { driveId: row.driveId, title: row.title, alt, width: row.width, height: row.height, version: row.version };
}
