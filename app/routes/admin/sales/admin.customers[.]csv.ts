import type { LoaderFunctionArgs } from "@remix-run/node";
import { readListQuery } from "~/routes/http/list.server";
import { csvResponse } from "~/routes/http/csv.server";
import { requireStaff } from "~/routes/http/staff.server";
import { customerCsvColumns } from "~/modules/customer/customer-csv.server";
import { customerListQuery, exportCustomers } from "~/modules/customer/customer-list.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/customers.csv?<the list's query>: every customer of the filtered list (DESIGN.md "One list pattern"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const query = await readListQuery(request, customerListQuery);
  return csvResponse("kupci", await customerCsvColumns(requestLocale(request).locale), await exportCustomers(query));
}
