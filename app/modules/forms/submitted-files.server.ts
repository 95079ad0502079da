import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { formSubmissions, media } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file sent with this submission (by its media drive id), or null when the submission did not send it. */
export async function submittedFile(submissionId: number, driveId: string) {
  if (!UUID.test(driveId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ files: formSubmissions.files })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.siteId, SITE_ID), eq(formSubmissions.id, submissionId)));
  const sent = row?.files.find((f) => f.driveId === driveId);
  if (!sent) return null;
  const [file] = await db
    .select({ path: media.path, mime: media.mime, size: media.size })
    .from(media)
    .where(and(eq(media.id, sent.mediaId), eq(media.origin, "shopper")));
  if (!file) return null;
  return { path: file.path, mime: file.mime, size: file.size, name: sent.name };
}
