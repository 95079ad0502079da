import type { LoaderFunctionArgs } from "@remix-run/node";
import { readListQuery } from "~/routes/http/list.server";
import { csvResponse } from "~/routes/http/csv.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { staffCsvColumns } from "~/modules/staff/staff-csv.server";
import { exportStaff, staffListQuery } from "~/modules/staff/staff-list.server";

/** /admin/users.csv?<the list's query>: every backoffice user of the filtered list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, staffListQuery);
  return csvResponse("korisnici-administracije", await staffCsvColumns(requestLocale(request).locale), await exportStaff(query));
}
