import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { mediaFile } from "~/.server/media/media-root.server";

/**
 * The media library's file work on disk, kept apart from the rows: a new original is
 * written to a temporary file and renamed into place (a reader never sees half a file);
 * what a change leaves behind (an old original, variants of the old version) is removed
 * after the commit, and a failure to remove it only leaves garbage, never a broken row.
 */
export async function writeOriginal(relative: string, bytes: Buffer): Promise<void> {
  const target = mediaFile(relative);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}

/** Removes files or directories relative to the media root; missing ones are fine. */
export async function removeQuietly(...relatives: string[]): Promise<void> {
  await Promise.all(relatives.map((relative) => rm(mediaFile(relative), { recursive: true, force: true }).catch(() => {})));
}

/** The variants of every version of a file (media-variant.server.ts variantPath). */
export const variantsOf = (driveId: string) => `cache/${driveId}`;
export const variantsOfVersion = (driveId: string, version: number) => `cache/${driveId}/${version}`;
