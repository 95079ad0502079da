import type { LoaderFunctionArgs } from "@remix-run/node";
import { readListQuery } from "~/routes/http/list.server";
import { csvResponse } from "~/routes/http/csv.server";
import { requireStaff } from "~/routes/http/staff.server";
import { inboxCsvColumns } from "~/modules/enquiry/inbox-csv.server";
import { exportInbox, inboxListQuery } from "~/modules/enquiry/inbox.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/enquiries.csv?<the list's query>: every entry of the filtered inbox (DESIGN.md "One list pattern"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const query = await readListQuery(request, inboxListQuery);
  return csvResponse("upiti", await inboxCsvColumns(requestLocale(request).locale), await exportInbox(query));
}
