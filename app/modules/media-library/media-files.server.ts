import { rm } from "node:fs/promises";
import { mediaFile } from "~/.server/media/media-root.server";

/**
 * The media library's file work on disk, kept apart from the rows: a new original is
 * written by writeMediaFile (~/.server/media/media-write.server.ts, temporary file renamed
 * into place); what a change leaves behind (an old original, variants of the old version) is removed
 * after the commit, and a failure to remove it only leaves garbage, never a broken row.
 */

/** Removes files or directories relative to the media root; missing ones are fine. */
export async function removeQuietly(...relatives: string[]): Promise<void> {
  await Promise.all(relatives.map((relative) => rm(mediaFile(relative), { recursive: true, force: true }).catch(() => {})));
}

/** The variants of every version of a file (media-variant.server.ts variantPath). */
export const variantsOf = (driveId: string) => `cache/${driveId}`;
export const variantsOfVersion = (driveId: string, version: number) => `cache/${driveId}/${version}`;
