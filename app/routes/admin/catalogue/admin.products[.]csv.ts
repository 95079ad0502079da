import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { exportProductIds, productListQuery } from "~/modules/catalog-admin/product-list.server";
import { SHEET_CSV_COLUMNS, sheetRowsInOrder } from "~/modules/catalog-admin/product-sheet.server";

/**
 * /admin/products.csv?<the list's query>: every product of the filtered list in the
 * import's columns (docs/decisions/0047), so the export is also the file to edit and import.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, productListQuery);
  return csvResponse("proizvodi", SHEET_CSV_COLUMNS, await sheetRowsInOrder(await exportProductIds(query)));
}
