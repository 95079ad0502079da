import { and, isNotNull, lt } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { formSubmissions } from "~/.server/db/schema";

/**
 * How long a form's e-mail confirmation link works (decision 0063), and the housekeeping
 * that deletes what was never confirmed in that time. Kept apart from
 * form-confirmation.server.ts: server.ts runs the housekeeping and bundles only this
 * (the database), not the mail and message modules.
 */
export const FORM_CONFIRMATION_TTL_DAYS = 7;
export const FORM_CONFIRMATION_TTL_MS = FORM_CONFIRMATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The creation time before which an unconfirmed submission has expired. */
export const confirmationCutoff = (now: Date) => new Date(now.getTime() - FORM_CONFIRMATION_TTL_MS);

/**
 * Deletes the submissions never confirmed within the time limit. Their consent logs stay:
 * they are the record of what was accepted. Files sent with them stay in the private
 * media, as with the other deletions of submissions (customer erasure).
 */
export async function purgeUnconfirmedSubmissions(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .delete(formSubmissions)
    .where(and(isNotNull(formSubmissions.confirmTokenHash), lt(formSubmissions.createdAt, confirmationCutoff(now))))
    .returning({ id: formSubmissions.id });
  return rows.length;
}
