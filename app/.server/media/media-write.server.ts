import { randomUUID } from "node:crypto";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { DomainError } from "~/.server/domain-error";
import { mediaFile, mediaRoot } from "./media-root.server";

/**
 * The one place an uploaded media file reaches the disk: the media library's uploads and
 * replacements, product images and e-product files, the editors' uploads and shoppers' form
 * attachments all come through here (storeUploads, replaceMedia). The bytes go to a
 * temporary file in the target's own directory and are renamed into place, so a reader
 * never sees half a file and a failed write leaves nothing under the name a row points at;
 * the temporary file is removed on any failure. Callers insert the media row only after this
 * returns (or inside a transaction that rolls back), so a file that never arrived has no row.
 *
 * A full disk (ENOSPC, EDQUOT) and a disk that refuses writes (EROFS, EACCES, EPERM) are not
 * bugs of the request: they become a translated refusal (507 Insufficient Storage, 503
 * Service Unavailable) under `messages` (the backoffice's `admin.upload`, or a shop form's
 * `forms.upload`), naming the file; the cause goes to the log for whoever runs the server.
 */
const FULL = new Set(["ENOSPC", "EDQUOT"]);
const READ_ONLY = new Set(["EROFS", "EACCES", "EPERM"]);

export type MediaWriteOptions = {
  /** The uploaded file's name, for the message. */
  file: string;
  /** The message namespace: the backoffice's or a shop form's. */
  messages?: "admin.upload" | "forms.upload";
  root?: string;
};

/** Writes `bytes` to `relative` under the media root; returns the absolute path. */
export async function writeMediaFile(relative: string, bytes: Uint8Array, options: MediaWriteOptions): Promise<string> {
  const target = mediaFile(relative, options.root ?? mediaRoot());
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(temporary, bytes, { flag: "wx" });
    await rename(temporary, target);
    return target;
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw diskRefusal(error, options);
  }
}

function diskRefusal(error: unknown, { file, messages = "admin.upload" }: MediaWriteOptions): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? "";
  const full = FULL.has(code);
  if (!full && !READ_ONLY.has(code)) return error;
  console.error(`Media file not written (${code})`, (error as Error).message);
  return new DomainError(full ? "mediaDiskFull" : "mediaDiskReadOnly", {
    message: full ? "The media disk is full" : "The media disk refuses writes",
    // Staff are told which (they call the server's administrator); a shopper can only try later.
    key: messages === "forms.upload" ? "forms.upload.notStored" : `admin.upload.${full ? "diskFull" : "diskReadOnly"}`,
    status: full ? 507 : 503,
    values: { file },
  });
}
