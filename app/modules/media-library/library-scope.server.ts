import { and, eq, sql, type SQL } from "drizzle-orm";
import { media } from "~/.server/db/schema";

/**
 * What the media library is (decision 0082): the shop's own files. A shopper's upload
 * (`origin = 'shopper'`, a file sent with a form) belongs to its submission and is shown and
 * downloaded only in the sales inbox; every read and every change of this module selects
 * its rows through `inLibrary`, so the list, the CSV, the picker's JSON, the detail page,
 * the download, the edit, the access switch, replace, delete and the bulk actions never
 * see one (to them it does not exist: a 404, or left out). The database keeps a shopper's
 * file private whatever a query does (check media_shopper_uploads_private).
 */
export function inLibrary(...conditions: (SQL | undefined)[]): SQL {
  return and(eq(media.origin, "library"), ...conditions)!;
}

/** The same rule inside raw SQL over the media table aliased as `alias` (folder counts). */
export const inLibrarySql = (alias: string) => sql.raw(`${alias}.origin = 'library'`);
