import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { and, eq, isNull, or } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { mediaFile } from "~/.server/media/media-root.server";
import { MEDIA_CONTENT_TYPES, MEDIA_SITE_KEY, mediaUrl, parseMediaPath, type MediaPath } from "~/lib/media";
import { ensureVariant, originalDimensions, type VariantSource } from "./media-variant.server";

// A versioned media URL names one file for ever (the version changes when the file does).
const IMMUTABLE = "public, max-age=31536000, immutable";
// An older version's URL is answered with the current file, which may change again.
const SUPERSEDED = "public, max-age=3600";
// A miss may become a hit when the media is uploaded or published.
const MISS = "public, max-age=60";

type MediaRow = VariantSource & { id: number; title: string; hash: string; width: number | null; height: number | null };

/**
 * Answers GET /media/{siteKey}/{driveId}/{size}/{title-slug}.{ext}[/{version}] (spec §7):
 * the sized variant, rendered and cached on first request, streamed from disk.
 * The title slug is cosmetic: any slug is served as is (no redirect, so a renamed title
 * can never make redirect loops out of browser-cached 301s), and a Link rel=canonical
 * header names the current URL. Anything unknown, malformed or not public is a plain 404.
 */
export async function serveMedia(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const wanted = parseMediaPath(url.pathname);
  if (!wanted || wanted.siteKey !== MEDIA_SITE_KEY) return notFound();
  const row = await findPublicMedia(wanted.driveId);
  // A version from the future would be cached for ever with today's file: refuse it.
  if (!row || wanted.version > row.version || !(await isFile(row.path))) return notFound();

  const etag = `"${row.hash.slice(0, 16)}-${row.version}-${wanted.size}-${wanted.format}"`;
  const canonical = new URL(mediaUrl(row, wanted.size, wanted.format), url);
  const headers = new Headers({
    "Content-Type": MEDIA_CONTENT_TYPES[wanted.format],
    "Cache-Control": wanted.version === row.version ? IMMUTABLE : SUPERSEDED,
    ETag: etag,
    Link: `<${canonical.href}>; rel="canonical"`,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  // The ETag is known from the row alone: a revalidation never touches the disk.
  if (ifNoneMatch !== null && etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });

  if (row.width === null || row.height === null) await recordDimensions(row);
  const file = await ensureVariant(row, wanted.size, wanted.format);
  const stats = await stat(file);
  headers.set("Last-Modified", stats.mtime.toUTCString());
  if (ifNoneMatch === null && notModifiedSince(request.headers.get("If-Modified-Since"), stats.mtime)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(stats.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(createReadableStreamFromReadable(createReadStream(file)), { status: 200, headers });
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

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): a list of tags, or "*". */
export function etagMatches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

function notModifiedSince(header: string | null, modified: Date): boolean {
  const since = header ? Date.parse(header) : Number.NaN;
  // HTTP dates have whole seconds; the file's mtime has milliseconds.
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

function notFound() {
  return new Response(null, { status: 404, headers: { "Cache-Control": MISS } });
}
