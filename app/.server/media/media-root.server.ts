import os from "node:os";
import path from "node:path";

/**
 * The directory media files live in: MEDIA_DIR when set, else `${DATA_DIR}/media`. An
 * in-memory database (DATA_DIR=memory://) has no directory of its own, so its media go to a
 * per-process directory under the system temp dir and disappear with the test machine.
 * Read from the environment at call time (not from `env`) so tests can point it elsewhere
 * after the environment module has been loaded.
 */
export function mediaRoot(source: Record<string, string | undefined> = process.env): string {
  if (source.MEDIA_DIR) return path.resolve(source.MEDIA_DIR);
  const dataDir = source.DATA_DIR || "./data";
  if (dataDir.startsWith("memory://")) return path.join(os.tmpdir(), `alu-krov-media-${process.pid}`);
  return path.resolve(dataDir, "media");
}

/** Where an uploaded or generated original is stored, relative to the media root. */
export function originalPath(driveId: string, extension: string): string {
  return `originals/${driveId}.${extension}`;
}

/** Absolute path of a media row's `path`, refusing anything that would leave the media root. */
export function mediaFile(relativePath: string, root = mediaRoot()): string {
  const file = path.resolve(root, relativePath);
  if (!file.startsWith(root + path.sep)) throw new Error(`Media path escapes the media root: ${relativePath}`);
  return file;
}
