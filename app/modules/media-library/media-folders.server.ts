import { count, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { media, mediaFolders } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { inLibrary } from "./library-scope.server";

/**
 * Folders of the media library (decision 0052): create, rename, delete when empty. Names
 * are unique (case-insensitively) so the folder filter and the move select are unambiguous.
 * Folders do not show to shoppers: no cache changes.
 */
const folderNotFound = () =>
  new DomainError("mediaFolderNotFound", { message: "Folder not found", key: "adminMedia.errors.folderNotFound", status: 404 });

async function refuseTakenName(tx: Executor, name: string, except: number | null) {
  const folders = await tx.select({ id: mediaFolders.id, name: mediaFolders.name }).from(mediaFolders);
  if (folders.some((f) => f.id !== except && f.name.toLowerCase() === name.toLowerCase())) {
    throw new DomainError("mediaFolderTaken", {
      message: "Folder name taken",
      key: "adminMedia.errors.folderTaken",
      field: "name",
      status: 409,
    });
  }
}

export async function createFolder(staff: Staff, name: string): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, name, null);
    const [row] = await tx.insert(mediaFolders).values({ name }).returning();
    await recordAudit(tx, staff, { entity: "media", entityId: null, action: "createFolder", after: { folder: row.id, name } });
    return row.id;
  });
}

export async function renameFolder(staff: Staff, id: number, name: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(mediaFolders).where(eq(mediaFolders.id, id)).for("update");
    if (!before) throw folderNotFound();
    await refuseTakenName(tx, name, id);
    await tx.update(mediaFolders).set({ name }).where(eq(mediaFolders.id, id));
    await recordAudit(tx, staff, {
      entity: "media",
      entityId: null,
      action: "renameFolder",
      before: { folder: id, name: before.name },
      after: { folder: id, name },
    });
  });
}

export async function deleteFolder(staff: Staff, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(mediaFolders).where(eq(mediaFolders.id, id)).for("update");
    if (!before) throw folderNotFound();
    const [{ files }] = await tx
      .select({ files: count() })
      .from(media)
      .where(inLibrary(eq(media.folderId, id)));
    const [{ folders }] = await tx.select({ folders: count() }).from(mediaFolders).where(eq(mediaFolders.parentId, id));
    if (files + folders > 0)
      throw new DomainError("mediaFolderNotEmpty", {
        message: "Folder not empty",
        key: "adminMedia.errors.folderNotEmpty",
        status: 409,
        values: { files },
      });
    await tx.delete(mediaFolders).where(eq(mediaFolders.id, id));
    await recordAudit(tx, staff, { entity: "media", entityId: null, action: "deleteFolder", before: { folder: id, name: before.name } });
  });
}
