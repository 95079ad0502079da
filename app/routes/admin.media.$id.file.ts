import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { rowIdParam, rowNotFound } from "~/modules/admin/row-param.server";
import { requireStaff } from "~/modules/admin/staff.server";
import { fileResponse } from "~/modules/order/downloads.server";

/**
 * A library file's original for the backoffice (/admin/media/:id/file, scope editor): the
 * only way besides a buyer's signed download link to get a private file, so an editor can
 * check what an e-product delivers. Always a download, never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, "adminMedia.errors.notFound");
  const db = await getDb();
  const [row] = await db
    .select({ path: media.path, mime: media.mime, name: media.originalName, size: media.size })
    .from(media)
    .where(eq(media.id, id));
  if (!row) throw await rowNotFound(request, "adminMedia.errors.notFound");
  return fileResponse(row);
}
