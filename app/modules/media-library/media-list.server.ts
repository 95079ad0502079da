import { and, asc, count, desc, eq, ilike, isNull, like, not, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { media, mediaFolders } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { MEDIA_ACCESS, MEDIA_TYPES, MEDIA_VIEWS, type MediaType } from "./media-library.schema";
import { inLibrary, inLibrarySql } from "./library-scope.server";
import { mediaUsage, usageCount, usageTotal, type MediaUsage } from "./media-usage.server";

/**
 * The media library's list (/admin/media, decision 0052) on the list pattern of decision
 * 0038: search in the title, the file name and the alt text of any language; filters by
 * folder ("root" = no folder), type, access and "unused"; sorted by upload, title, size or
 * file name; shown as a grid or a table (`view`).
 */
export const mediaListQuery = listQuery(
  { sorts: ["createdAt", "title", "size", "originalName"], sort: "createdAt", dir: "desc" },
  {
    folder: z.union([z.literal("root"), z.coerce.number().int().min(1).max(2_147_483_647)]).optional(),
    type: z.enum(MEDIA_TYPES).optional(),
    access: z.enum(MEDIA_ACCESS).optional(),
    unused: z.literal("on").optional(),
    view: z.enum(MEDIA_VIEWS).default("grid"),
  },
);
export type MediaListQuery = z.output<typeof mediaListQuery>;

const anyValue = (column: SQL | typeof media.alt, pattern: string) =>
  sql`exists (select 1 from jsonb_each_text(${column}) v where v.value ilike ${pattern})`;

export function typeCondition(type: MediaType): SQL {
  if (type === "image") return like(media.mime, "image/%");
  if (type === "document") return eq(media.mime, "application/pdf");
  return and(not(like(media.mime, "image/%")), sql`${media.mime} <> 'application/pdf'`)!;
}

export function mediaConditions(query: Pick<MediaListQuery, "q" | "folder" | "type" | "access" | "unused">): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(
      or(
        ilike(media.title, pattern),
        ilike(media.originalName, pattern),
        anyValue(media.titles as never, pattern),
        anyValue(media.alt, pattern),
      ),
    );
  }
  if (query.folder === "root") where.push(isNull(media.folderId));
  else if (query.folder) where.push(eq(media.folderId, query.folder));
  if (query.type) where.push(typeCondition(query.type));
  if (query.access) where.push(eq(media.access, query.access));
  if (query.unused) where.push(sql`(${usageTotal}) = 0`);
  return inLibrary(...where);
}

const SORT_COLUMNS = { createdAt: media.createdAt, title: media.title, size: media.size, originalName: media.originalName } as const;

export type MediaListRow = {
  id: number;
  driveId: string;
  version: number;
  title: string;
  alt: string;
  originalName: string;
  mime: string;
  extension: string;
  size: number;
  width: number | null;
  height: number | null;
  access: "public" | "private";
  folderId: number | null;
  createdAt: string;
  usage: MediaUsage;
  used: number;
};

/** A row's text in a language: that language's, else the Croatian, else the old single column. */
export const textIn = (values: Record<string, string>, locale: Locale, fallback = "") =>
  values[locale] || values[DEFAULT_LOCALE] || fallback;

async function selectRows(query: MediaListQuery, limit: number, offset: number, locale: Locale): Promise<MediaListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select()
    .from(media)
    .where(mediaConditions(query))
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(media.id))
    .limit(limit)
    .offset(offset);
  const usage = await mediaUsage(rows.map((row) => row.id));
  return rows.map((row) => {
    const used = usage.get(row.id)!;
    return {
      id: row.id,
      driveId: row.driveId,
      version: row.version,
      title: textIn(row.titles, locale, row.title),
      alt: textIn(row.alt, locale, row.title),
      originalName: row.originalName,
      mime: row.mime,
      extension: row.extension,
      size: row.size,
      width: row.width,
      height: row.height,
      access: row.access,
      folderId: row.folderId,
      createdAt: row.createdAt.toISOString(),
      usage: used,
      used: usageCount(used),
    };
  });
}

export async function listMedia(query: MediaListQuery, locale: Locale) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(media).where(mediaConditions(query));
  const page = listPage(total, query);
  return { rows: await selectRows(query, page.limit, page.offset, locale), page };
}

export function exportMedia(query: MediaListQuery, locale: Locale): Promise<MediaListRow[]> {
  return selectRows(query, CSV_MAX_ROWS, 0, locale);
}

/** Every folder with how many files it holds, by name. */
export async function mediaFolderList() {
  const db = await getDb();
  return db
    .select({
      id: mediaFolders.id,
      name: mediaFolders.name,
      parentId: mediaFolders.parentId,
      // Named in full: drizzle writes a lone column of the selected table as "id", which
      // inside this subquery meant the media row's own id (every folder counted 0).
      files: sql<number>`(select count(*) from media m where m.folder_id = "media_folders"."id" and ${inLibrarySql("m")})`.mapWith(Number),
    })
    .from(mediaFolders)
    .orderBy(asc(mediaFolders.name), asc(mediaFolders.id));
}
