import { asc, count, desc } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { LOCALES, type Locale } from "~/lib/locales";
import { optionalText } from "~/lib/schema-fields";
import { mediaConditions, mediaFolderList, textIn } from "./media-list.server";
import { MEDIA_TYPES } from "./media-library.schema";

/**
 * What the in-page editor's media dialog reads (/admin/media/library.json): a page of the
 * library newest first, searched and filtered like the list, with each file's texts in the
 * content language being edited (`lang`) and in every language for its "edit media" form.
 */
export const DIALOG_PAGE_SIZE = 40;

export const mediaDialogQuery = z.object({
  q: optionalText({ max: 100 }),
  folder: z.union([z.literal("root"), z.coerce.number().int().min(1).max(2_147_483_647)]).optional(),
  type: z.enum(MEDIA_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  lang: z.enum(LOCALES).default("hr"),
});
export type MediaDialogQuery = z.output<typeof mediaDialogQuery>;

export type MediaDialogItem = {
  id: number;
  driveId: string;
  version: number;
  revision: number;
  title: string;
  alt: string;
  width: number | null;
  height: number | null;
  mime: string;
  extension: string;
  access: "public" | "private";
  texts: Record<Locale, { title: string; alt: string }>;
};

export function dialogItem(row: typeof media.$inferSelect, lang: Locale): MediaDialogItem {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [l, { title: row.titles[l] ?? (l === "hr" ? row.title : ""), alt: row.alt[l] ?? "" }]),
  ) as MediaDialogItem["texts"];
  return {
    id: row.id,
    driveId: row.driveId,
    version: row.version,
    revision: row.revision,
    title: textIn(row.titles, lang, row.title),
    alt: textIn(row.alt, lang, ""),
    width: row.width,
    height: row.height,
    mime: row.mime,
    extension: row.extension,
    access: row.access,
    texts,
  };
}

export async function mediaDialogPage(query: MediaDialogQuery) {
  const db = await getDb();
  const where = mediaConditions(query);
  const [[{ total }], rows, folders] = await Promise.all([
    db.select({ total: count() }).from(media).where(where),
    db
      .select()
      .from(media)
      .where(where)
      .orderBy(desc(media.createdAt), asc(media.id))
      .limit(DIALOG_PAGE_SIZE)
      .offset((query.page - 1) * DIALOG_PAGE_SIZE),
    mediaFolderList(),
  ]);
  return {
    items: rows.map((row) => dialogItem(row, query.lang)),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / DIALOG_PAGE_SIZE)),
    folders,
  };
}
