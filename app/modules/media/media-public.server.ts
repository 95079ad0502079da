import { and, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import type { FocalPoint } from "~/lib/focal-point";
import type { Locale } from "~/lib/locales";
import { mediaUrl, type MediaRef } from "~/lib/media";
import { toMediaRef } from "./media-ref.server";

/**
 * The public part of the media library (spec §7 media/filterStandard for a storefront):
 * never a private file (invoices, uploads of customers), newest first.
 */
/**
 * `url`: the medium-size image (spec §7 Media URLs); null for a file that is not an image.
 * `focalPoint`: always given here (decision 0125), so a separate front end that crops can use it.
 */
export type PublicMedia = MediaRef & { url: string | null; mime: string; focalPoint: FocalPoint };

export async function listPublicMedia(
  locale: Locale,
  { driveIds, keywords, limit, page }: { driveIds?: string[]; keywords?: string; limit: number; page: number },
): Promise<{ records: PublicMedia[]; totalRecords: number; totalPages: number; page: number; perPage: number }> {
  const db = await getDb();
  const conditions: SQL[] = [eq(media.access, "public")];
  if (driveIds?.length) conditions.push(inArray(media.driveId, driveIds));
  if (keywords?.trim()) conditions.push(ilike(media.title, `%${keywords.trim().replace(/[%_\\]/g, "\\$&")}%`));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(media).where(where);
  const rows = await db
    .select()
    .from(media)
    .where(where)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const records = rows.map((row) => {
    const ref = toMediaRef(row, locale);
    return {
      ...ref,
      url: row.mime.startsWith("image/") ? mediaUrl(ref) : null,
      mime: row.mime,
      focalPoint: { x: row.focalX, y: row.focalY },
    };
  });
  return { records, totalRecords: total, totalPages: Math.ceil(total / limit), page, perPage: limit };
}
