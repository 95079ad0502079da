import type { LoaderFunctionArgs } from "@remix-run/node";
import { readListQuery } from "~/routes/http/list.server";
import { csvResponse } from "~/routes/http/csv.server";
import { requireStaff } from "~/routes/http/staff.server";
import { couponCsvColumns } from "~/modules/coupon/coupon-csv.server";
import { couponListQuery, exportCoupons } from "~/modules/coupon/coupon-list.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/coupons.csv?<the list's query>: every coupon of the filtered list (DESIGN.md "One list pattern"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, couponListQuery);
  return csvResponse("kuponi", await couponCsvColumns(requestLocale(request).locale), await exportCoupons(query));
}
