import { randomUUID } from "node:crypto";
import { mkdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { mediaFile } from "~/.server/media/media-root.server";
import { MEDIA_SIZES, sizedDimensions, type MediaFormat, type MediaSize } from "~/lib/media";

/** The part of a media row a variant is made from. */
export type VariantSource = { driveId: string; version: number; path: string; mime: string };
export type Dimensions = { width: number; height: number };

/**
 * Where a variant is cached, relative to the media root. Keyed by version: replacing an
 * original bumps the version (and so its URLs), which leaves old variants unused, never stale.
 */
export function variantPath(source: Pick<VariantSource, "driveId" | "version">, size: MediaSize, format: MediaFormat) {
  return `cache/${source.driveId}/${source.version}/${size}.${format}`;
}

/** The original's pixel size as shown (EXIF orientation applied); read from its header only. */
export async function originalDimensions(source: VariantSource): Promise<Dimensions> {
  const meta = await sharp(mediaFile(source.path)).metadata();
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw new Error(`Media ${source.driveId} has no pixel size`);
  return { width, height };
}

// Variants being written by this process: concurrent first requests share one render.
const inflight = new Map<string, Promise<void>>();

/**
 * The absolute path of a variant, rendered first if it is not on disk yet. Renders go to a
 * temporary file renamed into place, so a reader (or another process) never sees half a file.
 */
export async function ensureVariant(source: VariantSource, size: MediaSize, format: MediaFormat): Promise<string> {
  const file = mediaFile(variantPath(source, size, format));
  let pending = inflight.get(file);
  if (!pending) {
    // The disk check is inside the shared promise: checked and rendered apart, a request
    // could see the file missing just before another finishes it, and render it again.
    pending = exists(file)
      .then((found) => (found ? undefined : render(source, size, format, file)))
      .finally(() => inflight.delete(file));
    inflight.set(file, pending);
  }
  await pending;
  return file;
}

async function render(source: VariantSource, size: MediaSize, format: MediaFormat, file: string) {
  const original = await originalDimensions(source);
  const box = MEDIA_SIZES[size];
  // The page sets width/height from sizedDimensions(), so the file must have exactly that size.
  const target = sizedDimensions(original, size);
  const svg = source.mime === "image/svg+xml";
  // A vector original is drawn at the density the target needs, so cover sizes stay sharp.
  const scale = Math.max(target.width / original.width, target.height / original.height, 1);
  const image = sharp(mediaFile(source.path), { autoOrient: true, ...(svg ? { density: Math.ceil(72 * scale) } : {}) });
  image.resize({ width: target.width, height: target.height, fit: box.fit === "cover" ? "cover" : "fill" });
  if (format === "webp") image.webp({ quality: 80 });
  // JPEG has no alpha: transparent areas become white, not sharp's default black.
  else if (format === "jpg") image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true });
  else image.png();

  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await image.toFile(temporary);
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}

async function exists(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
