import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { media, mediaFolders } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { originalPath } from "~/.server/media/media-root.server";
import { writeMediaFile } from "~/.server/media/media-write.server";
import { LOCALES } from "~/lib/locales";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { checkUpload, storeUploads, type StoredMedia } from "~/modules/media/media-upload.server";
import { inLibrary } from "./library-scope.server";
import { removeQuietly, variantsOf, variantsOfVersion } from "./media-files.server";
import { mediaTypeOf, type MediaAccess, type MediaEditInput } from "./media-library.schema";
import { mediaUsage, publicUsage, usageCount, type MediaUsage } from "./media-usage.server";

/**
 * The media library's changes (decision 0052; the edit pattern of decision 0038): each
 * locks the row, checks the revision the form showed, writes revision + 1 and its audit
 * row in one transaction, then tells the caches (`dataChanged("media")`: every page that
 * shows pictures). A file in use is never deleted; replacing keeps the driveId (so every
 * URL keeps working) and bumps `version` (so cached variants and `?v` URLs change).
 */
type MediaRow = typeof media.$inferSelect;
type Texts = MediaEditInput["texts"];

export const mediaNotFound = () =>
  new DomainError("mediaNotFound", { message: "Media not found", key: "adminMedia.errors.notFound", status: 404 });
/** Refused while used; `usage` is listed by the route in the user's language. */
export class MediaInUse extends DomainError {
  constructor(readonly usage: MediaUsage) {
    super("mediaInUse", { message: "Media is in use", key: "adminMedia.errors.inUse", status: 409 });
  }
}

function auditView(row: MediaRow) {
  return {
    titles: row.titles,
    alt: row.alt,
    descriptions: row.descriptions,
    displayNames: row.displayNames,
    access: row.access,
    folderId: row.folderId,
    file: `${row.originalName} (v${row.version})`,
    focalPoint: `${row.focalX} % / ${row.focalY} %`,
  };
}

async function lockMedia(tx: Executor, id: number): Promise<MediaRow> {
  const [row] = await tx
    .select()
    .from(media)
    .where(inLibrary(eq(media.id, id)))
    .for("update");
  if (!row) throw mediaNotFound();
  return row;
}

async function checkFolder(tx: Executor, folderId: number | null | undefined) {
  if (!folderId) return;
  const [folder] = await tx.select({ id: mediaFolders.id }).from(mediaFolders).where(eq(mediaFolders.id, folderId));
  if (!folder)
    throw new DomainError("mediaFolderNotFound", {
      message: "Folder not found",
      key: "adminMedia.errors.folderNotFound",
      field: "folderId",
      status: 400,
    });
}

/** Files uploaded into the library: public images, or private files (images, PDF, ZIP) for e-products. */
export async function uploadMedia(
  staff: Staff,
  files: File[],
  { access, folderId }: { access: MediaAccess; folderId?: number },
): Promise<StoredMedia[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await checkFolder(tx, folderId);
    const rows = await storeUploads(files, { kind: access === "public" ? "image" : "download", executor: tx, folderId: folderId ?? null });
    for (const row of rows) await recordAudit(tx, staff, { entity: "media", entityId: row.id, action: "upload", after: auditView(row) });
    return rows;
  });
}

/** The per-language columns from the form; `title`/`description` stay the Croatian ones for older readers. */
function textColumns(texts: Texts, keep?: MediaRow) {
  const pick = (field: keyof Texts["hr"]) => Object.fromEntries(LOCALES.map((l) => [l, texts[l][field]]).filter(([, v]) => v !== ""));
  const titles = pick("title");
  return {
    titles,
    title: texts.hr.title,
    alt: pick("alt"),
    descriptions: keep ? keep.descriptions : pick("description"),
    description: keep ? keep.description : texts.hr.description,
    displayNames: keep ? keep.displayNames : pick("displayName"),
  };
}

async function refuseAccess(tx: Executor, row: MediaRow, access: MediaAccess) {
  if (access === row.access) return;
  // /media serves pictures only: a PDF or ZIP can never be public.
  if (access === "public" && !row.mime.startsWith("image/"))
    throw new DomainError("mediaNotImage", {
      message: "Only images can be public",
      key: "adminMedia.errors.publicImagesOnly",
      field: "access",
      status: 400,
    });
  if (access === "private" && (await publicUsage(row.id, tx)) > 0) throw new MediaInUse((await mediaUsage([row.id], tx)).get(row.id)!);
}

export async function updateMedia(staff: Staff, id: number, input: Omit<MediaEditInput, "intent">): Promise<MediaRow> {
  const db = await getDb();
  const after = await db.transaction(async (tx) => {
    const before = await lockMedia(tx, id);
    checkVersion(before.revision, input.revision);
    await checkFolder(tx, input.folderId);
    await refuseAccess(tx, before, input.access);
    const [row] = await tx
      .update(media)
      .set({
        ...textColumns(input.texts),
        access: input.access,
        folderId: input.folderId ?? null,
        focalX: input.focalX ?? before.focalX,
        focalY: input.focalY ?? before.focalY,
        revision: before.revision + 1,
        updatedAt: new Date(),
      })
      .where(eq(media.id, id))
      .returning();
    await recordAudit(tx, staff, { entity: "media", entityId: id, action: "update", ...changedFields(auditView(before), auditView(row)) });
    return row;
  });
  await dataChanged("media");
  return after;
}

/** The in-page dialog's edit: title and alt per language only, the rest kept. */
export async function updateMediaTexts(
  staff: Staff,
  id: number,
  revision: number,
  texts: { [l in keyof Texts]: Pick<Texts[l], "title" | "alt"> },
): Promise<MediaRow> {
  const db = await getDb();
  const after = await db.transaction(async (tx) => {
    const before = await lockMedia(tx, id);
    checkVersion(before.revision, revision);
    const full = Object.fromEntries(LOCALES.map((l) => [l, { ...texts[l], description: "", displayName: "" }])) as Texts;
    const [row] = await tx
      .update(media)
      .set({ ...textColumns(full, before), revision: before.revision + 1, updatedAt: new Date() })
      .where(eq(media.id, id))
      .returning();
    await recordAudit(tx, staff, { entity: "media", entityId: id, action: "update", ...changedFields(auditView(before), auditView(row)) });
    return row;
  });
  await dataChanged("media");
  return after;
}

/**
 * Swaps the file of a media row for another of the same type (an image for an image, a PDF
 * for a PDF): same driveId, so every page and URL keeps pointing at it; version + 1, so the
 * variants are made anew and versioned URLs change.
 */
export async function replaceMedia(staff: Staff, id: number, revision: number, file: File | undefined): Promise<MediaRow> {
  if (!file || (file.size === 0 && file.name === ""))
    throw new DomainError("mediaNoFile", { message: "No file", key: "adminMedia.errors.noFile", field: "file", status: 400 });
  const db = await getDb();
  let leftOver: string[] = [];
  let written: string | null = null;
  const after = await db
    .transaction(async (tx) => {
      const before = await lockMedia(tx, id);
      checkVersion(before.revision, revision);
      const { bytes, sniffed } = await checkUpload(file, before.mime.startsWith("image/") ? "image" : "download");
      if (mediaTypeOf(sniffed.mime) !== mediaTypeOf(before.mime)) {
        throw new DomainError("mediaWrongKind", {
          message: "Replacement of another type",
          key: "adminMedia.errors.wrongKind",
          field: "file",
          status: 400,
        });
      }
      // A new name per version: the old original stays intact until the change is committed.
      const name = `${before.driveId}-v${before.version + 1}`;
      const relative = before.path.startsWith("downloads/")
        ? `downloads/${name}.${sniffed.extension}`
        : originalPath(name, sniffed.extension);
      await writeMediaFile(relative, bytes, { file: file.name });
      written = relative;
      const [row] = await tx
        .update(media)
        .set({
          path: relative,
          mime: sniffed.mime,
          extension: sniffed.extension,
          size: bytes.length,
          hash: createHash("sha256").update(bytes).digest("hex"),
          width: sniffed.width,
          height: sniffed.height,
          originalName: file.name.slice(0, 255) || before.originalName,
          version: before.version + 1,
          revision: before.revision + 1,
          updatedAt: new Date(),
        })
        .where(eq(media.id, id))
        .returning();
      await recordAudit(tx, staff, {
        entity: "media",
        entityId: id,
        action: "replace",
        before: { file: auditView(before).file, hash: before.hash },
        after: { file: auditView(row).file, hash: row.hash },
      });
      leftOver = [variantsOfVersion(before.driveId, before.version), before.path];
      return row;
    })
    .catch(async (error: unknown) => {
      if (written) await removeQuietly(written);
      throw error;
    });
  await removeQuietly(...leftOver);
  await dataChanged("media");
  return after;
}

export async function deleteMedia(staff: Staff, id: number, revision: number): Promise<void> {
  const db = await getDb();
  const gone = await db.transaction(async (tx) => {
    const before = await lockMedia(tx, id);
    checkVersion(before.revision, revision);
    const usage = (await mediaUsage([id], tx)).get(id)!;
    if (usageCount(usage) > 0) throw new MediaInUse(usage);
    await tx.delete(media).where(eq(media.id, id));
    await recordAudit(tx, staff, { entity: "media", entityId: id, action: "delete", before: auditView(before) });
    return before;
  });
  await removeQuietly(gone.path, variantsOf(gone.driveId));
  await dataChanged("media");
}

/** The list's bulk delete: only the ticked files nobody uses; how many went and how many were kept. */
export async function deleteUnusedMedia(staff: Staff, ids: number[]): Promise<{ changed: number; skipped: number }> {
  if (ids.length === 0) return { changed: 0, skipped: 0 };
  const db = await getDb();
  const gone = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(media)
      .where(inLibrary(inArray(media.id, ids)))
      .for("update");
    const usage = await mediaUsage(
      rows.map((r) => r.id),
      tx,
    );
    const unused = rows.filter((row) => usageCount(usage.get(row.id)!) === 0);
    for (const row of unused) {
      await tx.delete(media).where(eq(media.id, row.id));
      await recordAudit(tx, staff, { entity: "media", entityId: row.id, action: "delete", before: auditView(row) });
    }
    return unused;
  });
  await removeQuietly(...gone.flatMap((row) => [row.path, variantsOf(row.driveId)]));
  if (gone.length > 0) await dataChanged("media");
  return { changed: gone.length, skipped: ids.length - gone.length };
}

/** The list's bulk move into a folder (or the root); files already there are left alone. */
export async function moveMedia(staff: Staff, ids: number[], folderId: number | null): Promise<{ changed: number; skipped: number }> {
  if (ids.length === 0) return { changed: 0, skipped: 0 };
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    await checkFolder(tx, folderId);
    const rows = await tx
      .select()
      .from(media)
      .where(inLibrary(inArray(media.id, ids)))
      .for("update");
    const moving = rows.filter((row) => row.folderId !== folderId);
    for (const row of moving) {
      await tx
        .update(media)
        .set({ folderId, revision: row.revision + 1, updatedAt: new Date() })
        .where(eq(media.id, row.id));
      await recordAudit(tx, staff, {
        entity: "media",
        entityId: row.id,
        action: "move",
        before: { folderId: row.folderId },
        after: { folderId },
      });
    }
    return moving.length;
  });
  return { changed, skipped: ids.length - changed };
}
