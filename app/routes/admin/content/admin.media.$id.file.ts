import type { LoaderFunctionArgs } from "@remix-run/node";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { libraryFile } from "~/modules/media-library/media-detail.server";
import { fileResponse } from "~/routes/http/download.server";

/**
 * A library file's original for the backoffice (/admin/media/:id/file, scope editor): the
 * only way besides a buyer's signed download link to get a private file, so an editor can
 * check what an e-product delivers. Always a download, never cached. A shopper's upload is
 * not a library file (decision 0082): only the sales inbox serves it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, "adminMedia.errors.notFound");
  const row = await libraryFile(id);
  if (!row) throw await rowNotFound(request, "adminMedia.errors.notFound");
  return fileResponse(row);
}
