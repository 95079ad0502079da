import { createHash, randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { and, desc, eq, ilike, inArray, like, or } from "drizzle-orm";
import sharp from "sharp";
import { getDb, type Executor } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { mediaRoot, originalPath } from "~/.server/media/media-root.server";
import { writeMediaFile } from "~/.server/media/media-write.server";
import { slugify } from "~/lib/slug";
import { BACKOFFICE_UPLOAD_MAX_FILES, PUBLIC_UPLOAD_MAX_FILES } from "~/lib/upload-limits";
import { recordAudit } from "~/modules/kernel/audit.server";
import { likePattern } from "~/modules/kernel/list.server";
import type { Staff } from "~/modules/kernel/staff.server";

/**
 * Files uploaded from the backoffice into the media library (spec §3 Media item: the
 * catalogue's images are chosen from or uploaded to the library; decision 0052 builds its own
 * screen on this). The type is read from the file's content, never from its name or the
 * browser's claim: images are decoded by sharp (JPEG, PNG, WebP, AVIF, GIF); private
 * downloads (e-product files) may also be PDF or ZIP, told by their magic bytes. The sizes
 * of spec §3 and WebP are made from the original on first request and kept
 * (media-variant.server.ts), so an upload stores only the original.
 */
export const UPLOAD_LIMITS = {
  /** Spec §5 / §9: at most 20 files at once (10 for public uploads). */
  files: BACKOFFICE_UPLOAD_MAX_FILES,
  publicFiles: PUBLIC_UPLOAD_MAX_FILES,
  imageBytes: 10 * 1024 * 1024,
  downloadBytes: 50 * 1024 * 1024,
  /** Larger sides are refused: sharp would need too much memory to resize them. */
  imagePixels: 50_000_000,
} as const;

const IMAGE_FORMATS: Record<string, { mime: string; extension: string }> = {
  jpeg: { mime: "image/jpeg", extension: "jpg" },
  png: { mime: "image/png", extension: "png" },
  webp: { mime: "image/webp", extension: "webp" },
  avif: { mime: "image/avif", extension: "avif" },
  heif: { mime: "image/avif", extension: "avif" },
  gif: { mime: "image/gif", extension: "gif" },
};

export { PUBLIC_UPLOAD_MAX_FILES };

export type UploadKind = "image" | "download";
export type StoredMedia = typeof media.$inferSelect;

/** A refused file: the message key names the reason; `file` is its name, for the message. */
function refuse(key: "tooMany" | "empty" | "tooLarge" | "notImage" | "wrongType", file: string, isPublic = false): never {
  const max = key === "tooMany" ? (isPublic ? PUBLIC_UPLOAD_MAX_FILES : UPLOAD_LIMITS.files) : key === "tooLarge" ? "10 MB / 50 MB" : "";
  // A shopper's form shows the shop's own messages (forms namespace), not the backoffice's.
  const namespace = isPublic ? "forms.upload" : "admin.upload";
  throw new DomainError("uploadRefused", {
    message: `Upload refused: ${key} (${file})`,
    key: `${namespace}.${key}`,
    status: 400,
    values: { file, max },
  });
}

export type Sniffed = { mime: string; extension: string; width: number | null; height: number | null };

async function sniff(bytes: Buffer, kind: UploadKind, name: string, isPublic: boolean): Promise<Sniffed> {
  if (kind === "download") {
    if (bytes.subarray(0, 5).toString("latin1") === "%PDF-")
      return { mime: "application/pdf", extension: "pdf", width: null, height: null };
    if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
      return { mime: "application/zip", extension: "zip", width: null, height: null };
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.imagePixels }).metadata();
    const format = meta.format ? IMAGE_FORMATS[meta.format] : undefined;
    if (format && meta.width && meta.height) return { ...format, width: meta.width, height: meta.height };
  } catch {
    // not an image sharp can read: refused below
  }
  return refuse(kind === "image" ? "notImage" : "wrongType", name, isPublic);
}

/**
 * One uploaded file checked (not empty, within its kind's size, its type read from the
 * content) and read into memory; refused with a DomainError naming it. Also used by the
 * media library's replace, which keeps the row and swaps the file.
 */
export async function checkUpload(
  file: File,
  kind: UploadKind,
  isPublic = false,
): Promise<{ file: File; bytes: Buffer; sniffed: Sniffed }> {
  const maxBytes = kind === "image" ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.downloadBytes;
  if (file.size === 0) refuse("empty", file.name, isPublic);
  if (file.size > maxBytes) refuse("tooLarge", file.name, isPublic);
  const bytes = Buffer.from(await file.arrayBuffer());
  return { file, bytes, sniffed: await sniff(bytes, kind, file.name, isPublic) };
}

/**
 * Stores uploaded files as media rows (public images, or private downloads) and returns
 * them in the order given. Every file is checked before any is written: one refused file
 * refuses the whole upload with a DomainError naming it (`admin.upload.*`). Title and alt
 * text start as the file's name; the editor changes them later. `public: true` is a
 * shopper's upload (a shop form's files): at most PUBLIC_UPLOAD_MAX_FILES, refused with
 * the forms' messages, and always stored private (only staff see them). `staff`: a
 * backoffice user's upload (an image for a category, a post, a section panel): each new
 * media row gets its audit row ("upload") with it, like every backoffice change.
 */
export async function storeUploads(
  files: File[],
  {
    kind,
    executor,
    folderId = null,
    public: isPublic = false,
    staff,
  }: { kind: UploadKind; executor?: Executor; folderId?: number | null; public?: boolean; staff?: Pick<Staff, "id" | "email"> },
): Promise<StoredMedia[]> {
  const real = files.filter((file) => file.size > 0 || file.name !== "");
  if (real.length === 0) return [];
  if (isPublic && kind !== "download") throw new Error("Public uploads are stored private: kind must be download");
  if (real.length > (isPublic ? PUBLIC_UPLOAD_MAX_FILES : UPLOAD_LIMITS.files)) refuse("tooMany", String(real.length), isPublic);
  const checked = [];
  for (const file of real) checked.push(await checkUpload(file, kind, isPublic));

  const root = mediaRoot();
  const written: string[] = [];
  try {
    const rows: (typeof media.$inferInsert & { driveId: string })[] = [];
    for (const { file, bytes, sniffed } of checked) {
      const driveId = randomUUID();
      const relative = kind === "image" ? originalPath(driveId, sniffed.extension) : `downloads/${driveId}.${sniffed.extension}`;
      // Every file in place before any row is inserted; a failed one removes those written before it.
      written.push(await writeMediaFile(relative, bytes, { file: file.name, root, messages: isPublic ? "forms.upload" : "admin.upload" }));
      const base = file.name.replace(/\.[^.]*$/, "").slice(0, 200);
      const title = base.trim() || slugify(base) || driveId;
      rows.push({
        driveId,
        title,
        path: relative,
        mime: sniffed.mime,
        extension: sniffed.extension,
        size: bytes.length,
        hash: createHash("sha256").update(bytes).digest("hex"),
        width: sniffed.width,
        height: sniffed.height,
        access: kind === "image" ? ("public" as const) : ("private" as const),
        // A shopper's file belongs to its submission, never to the library (decision 0082).
        origin: isPublic ? ("shopper" as const) : ("library" as const),
        originalName: file.name.slice(0, 255) || `${driveId}.${sniffed.extension}`,
        alt: kind === "image" ? { hr: title } : {},
        titles: { hr: title },
        folderId,
      });
    }
    const insert = async (db: Executor) => {
      const inserted = await db.insert(media).values(rows).returning();
      if (staff) {
        for (const row of inserted) {
          await recordAudit(db, staff, {
            entity: "media",
            entityId: row.id,
            action: "upload",
            after: { title: row.title, access: row.access, folderId: row.folderId, file: `${row.originalName} (v${row.version})` },
          });
        }
      }
      const byDrive = new Map(inserted.map((row) => [row.driveId, row]));
      return rows.map((row) => byDrive.get(row.driveId)!);
    };
    if (executor) return await insert(executor);
    const db = await getDb();
    return await (staff ? db.transaction(insert) : insert(db));
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}

/**
 * Public images of the library for a chooser (MediaChooser), newest first; `q` matches title
 * or file name; `include` adds the images a form has chosen already, wherever they are in
 * the library, so that saving keeps them.
 */
export async function mediaChoices({ q = "", limit = 60, include = [] }: { q?: string; limit?: number; include?: number[] } = {}) {
  const db = await getDb();
  const pattern = likePattern(q);
  const columns = {
    id: media.id,
    driveId: media.driveId,
    version: media.version,
    title: media.title,
    width: media.width,
    height: media.height,
  };
  const image = and(eq(media.access, "public"), like(media.mime, "image/%"));
  const [newest, chosen] = await Promise.all([
    db
      .select(columns)
      .from(media)
      .where(and(image, q ? or(ilike(media.title, pattern), ilike(media.originalName, pattern)) : undefined))
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(limit),
    include.length
      ? db
          .select(columns)
          .from(media)
          .where(and(image, inArray(media.id, include)))
      : Promise.resolve([]),
  ]);
  const seen = new Set(newest.map((row) => row.id));
  return [...chosen.filter((row) => !seen.has(row.id)), ...newest];
}

/**
 * The media rows of these ids that exist and are public images (a posted choice is checked
 * against them). Inside a transaction pass it as `executor`: PGlite has one connection, and
 * a second one would wait for the transaction forever.
 */
export async function publicImages(ids: number[], executor?: Executor): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const db = executor ?? (await getDb());
  const rows = await db.select({ id: media.id, access: media.access, mime: media.mime }).from(media).where(inArray(media.id, ids));
  return new Set(rows.filter((row) => row.access === "public" && row.mime.startsWith("image/")).map((row) => row.id));
}
