import type { LoaderFunctionArgs } from "@remix-run/node";
import { readListQuery } from "~/routes/http/list.server";
import { csvResponse } from "~/routes/http/csv.server";
import { requireStaff } from "~/routes/http/staff.server";
import { orderCsvColumns } from "~/modules/order/order-csv.server";
import { exportOrders, orderListQuery } from "~/modules/order/order-list.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/orders.csv?<the list's query>: every order of the filtered list (DESIGN.md "One list pattern"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const query = await readListQuery(request, orderListQuery);
  return csvResponse("narudzbe", await orderCsvColumns(requestLocale(request).locale), await exportOrders(query));
}
