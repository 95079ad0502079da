import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { etagMatches } from "~/lib/etag";
import { MEDIA_CONTENT_TYPES } from "~/lib/media";
import { findMediaVariant, mediaVariantFile } from "~/modules/media/media.server";

// A versioned media URL names one file for ever (the version changes when the file does).
const IMMUTABLE = "public, max-age=31536000, immutable";
// An older version's URL is answered with the current file, which may change again.
const SUPERSEDED = "public, max-age=3600";
// A miss may become a hit when the media is uploaded or published.
const MISS = "public, max-age=60";

/**
 * Answers GET /media/{siteKey}/{driveId}/{size}/{title-slug}.{ext}[/{version}] (spec §7):
 * the sized variant streamed from disk, with a Link rel=canonical header naming the current
 * URL. Anything unknown, malformed or not public is a plain 404.
 */
export async function serveMedia(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const variant = await findMediaVariant(url.pathname);
  if (!variant) return notFound();
  const headers = new Headers({
    "Content-Type": MEDIA_CONTENT_TYPES[variant.wanted.format],
    "Cache-Control": variant.current ? IMMUTABLE : SUPERSEDED,
    ETag: variant.etag,
    Link: `<${new URL(variant.canonical, url).href}>; rel="canonical"`,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null && etagMatches(ifNoneMatch, variant.etag)) return new Response(null, { status: 304, headers });

  const file = await mediaVariantFile(variant);
  headers.set("Last-Modified", file.mtime.toUTCString());
  if (ifNoneMatch === null && notModifiedSince(request.headers.get("If-Modified-Since"), file.mtime)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(file.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(createReadableStreamFromReadable(createReadStream(file.path)), { status: 200, headers });
}

function notModifiedSince(header: string | null, modified: Date): boolean {
  const since = header ? Date.parse(header) : Number.NaN;
  // HTTP dates have whole seconds; the file's mtime has milliseconds.
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

function notFound() {
  return new Response(null, { status: 404, headers: { "Cache-Control": MISS } });
}
