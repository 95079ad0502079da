import { stat } from "node:fs/promises";
import { and, eq, isNull, or } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { mediaFile } from "~/.server/media/media-root.server";
import { MEDIA_SITE_KEY, mediaUrl, parseMediaPath, type MediaPath } from "~/lib/media";
import { ensureVariant, originalDimensions, type VariantSource } from "./media-variant.server";

type MediaRow = VariantSource & { id: number; title: string; hash: string; width: number | null; height: number | null };

/**
 * The public media a URL /media/{siteKey}/{driveId}/{size}/{title-slug}.{ext}[/{version}]
 * names (spec §7), or null for anything unknown, malformed or not public; the route answers
 * it (app/routes/http/media.server.ts). The title slug is cosmetic: any slug is served as is
 * (no redirect, so a renamed title can never make redirect loops out of browser-cached
 * 301s), and `canonical` names the current URL.
 */
export type MediaVariant = {
  row: MediaRow;
  wanted: MediaPath;
  etag: string;
  /** The current file's URL path (a Link rel=canonical). */
  canonical: string;
  /** Whether the URL names the current version (else an older one, answered with today's file). */
  current: boolean;
};

export async function findMediaVariant(pathname: string): Promise<MediaVariant | null> {
  const wanted = parseMediaPath(pathname);
  if (!wanted || wanted.siteKey !== MEDIA_SITE_KEY) return null;
  const row = await findPublicMedia(wanted.driveId);
  // A version from the future would be cached for ever with today's file: refuse it.
  if (!row || wanted.version > row.version || !(await isFile(row.path))) return null;
  // The ETag is known from the row alone: a revalidation never touches the disk.
  const etag = `"${row.hash.slice(0, 16)}-${row.version}-${wanted.size}-${wanted.format}"`;
  return { row, wanted, etag, canonical: mediaUrl(row, wanted.size, wanted.format), current: wanted.version === row.version };
}

/** The sized variant's file on disk, rendered and cached on first request, with its size and time. */
export async function mediaVariantFile({ row, wanted }: MediaVariant): Promise<{ path: string; size: number; mtime: Date }> {
  if (row.width === null || row.height === null) await recordDimensions(row);
  const path = await ensureVariant(row, wanted.size, wanted.format);
  const stats = await stat(path);
  return { path, size: stats.size, mtime: stats.mtime };
}

async function findPublicMedia(driveId: MediaPath["driveId"]): Promise<MediaRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: media.id,
      driveId: media.driveId,
      version: media.version,
      title: media.title,
      path: media.path,
      mime: media.mime,
      hash: media.hash,
      width: media.width,
      height: media.height,
    })
    .from(media)
    .where(and(eq(media.driveId, driveId), eq(media.access, "public")));
  return row;
}

/** Stores the original's pixel size once, so pages can reserve its box (width/height). */
async function recordDimensions(row: MediaRow) {
  const { width, height } = await originalDimensions(row);
  const db = await getDb();
  await db
    .update(media)
    .set({ width, height })
    .where(and(eq(media.id, row.id), or(isNull(media.width), isNull(media.height))));
}

/** Whether the row's original is on disk; a row pointing outside the media root counts as missing. */
async function isFile(relativePath: string) {
  try {
    return (await stat(mediaFile(relativePath))).isFile();
  } catch {
    return false;
  }
}
