import type { FocalPoint } from "./focal-point";
import { slugify } from "./slug";

/**
 * Media sizes of spec §3 (Media sizes): Thumbnail 50x50, Portrait 768x1024, Large
 * 926x926, FullHD 1920x1080, and Medium, the default (its box is ours: 480x480). `fit`
 * says how the original is shaped: cover crops to the box, inside keeps the whole image.
 */
export const MEDIA_SIZES = {
  thumbnail: { width: 50, height: 50, fit: "cover" },
  medium: { width: 480, height: 480, fit: "inside" },
  portrait: { width: 768, height: 1024, fit: "cover" },
  large: { width: 926, height: 926, fit: "inside" },
  fullhd: { width: 1920, height: 1080, fit: "inside" },
} as const;
export type MediaSize = keyof typeof MEDIA_SIZES;
export const DEFAULT_MEDIA_SIZE: MediaSize = "medium";
export const MEDIA_FORMATS = ["webp", "jpg", "png"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/**
 * What a page needs to show an image; never the server path. `focalPoint` only where the
 * page crops the picture and the point is not the centre (decision 0125).
 */
export type MediaRef = {
  driveId: string;
  title: string;
  alt: string;
  width: number | null;
  height: number | null;
  version?: number;
  focalPoint?: FocalPoint;
};

/** The site's key in media URLs (spec §7 apiKeyId); one site per installation. */
export const MEDIA_SITE_KEY = "1";

/**
 * /media/{apiKeyId}/{driveId}/{size}/{title-slug}.{ext}[/{version}] (spec §7 Media URLs).
 * The version segment changes when the file is replaced, so URLs can be cached forever.
 */
export function mediaUrl(
  ref: Pick<MediaRef, "driveId" | "title" | "version">,
  size: MediaSize = DEFAULT_MEDIA_SIZE,
  format: MediaFormat = "webp",
) {
  const name = slugify(ref.title) || "image";
  const version = ref.version && ref.version > 1 ? `/${ref.version}` : "";
  return `/media/${MEDIA_SITE_KEY}/${ref.driveId}/${size}/${name}.${format}${version}`;
}

/** The rendered box of an original in a size: the size box, or the fitted box for "inside". */
export function sizedDimensions(ref: Pick<MediaRef, "width" | "height">, size: MediaSize): { width: number; height: number } {
  const box = MEDIA_SIZES[size];
  if (box.fit === "cover" || !ref.width || !ref.height) return { width: box.width, height: box.height };
  const scale = Math.min(box.width / ref.width, box.height / ref.height, 1);
  return { width: Math.round(ref.width * scale), height: Math.round(ref.height * scale) };
}

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

/** A media URL taken apart; `slug` is cosmetic and `version` is 1 when the URL has none. */
export type MediaPath = { siteKey: string; driveId: string; size: MediaSize; slug: string; format: MediaFormat; version: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE = /^([^/]+)\.([a-z]+)$/;
const VERSION = /^[1-9][0-9]{0,8}$/;

/**
 * The inverse of mediaUrl() for a raw (still percent-encoded) pathname, or null when any
 * part is not one we make. Every part that reaches the file system (drive id, size,
 * format, version) must match a closed pattern, so no path can climb out of the media root.
 */
export function parseMediaPath(pathname: string): MediaPath | null {
  const parts = pathname.split("/");
  if (parts.length < 6 || parts.length > 7 || parts[0] !== "" || parts[1] !== "media") return null;
  const [, , siteKey, driveId, size, file, version = "1"] = parts;
  const name = FILE.exec(file);
  if (!UUID.test(driveId) || !Object.hasOwn(MEDIA_SIZES, size) || !name || !VERSION.test(version)) return null;
  if (!(MEDIA_FORMATS as readonly string[]).includes(name[2])) return null;
  return { siteKey, driveId, size: size as MediaSize, slug: name[1], format: name[2] as MediaFormat, version: Number(version) };
}
