import type { LoaderFunctionArgs } from "@remix-run/node";
import { readListQuery } from "~/routes/http/list.server";
import { csvResponse } from "~/routes/http/csv.server";
import { requireStaff } from "~/routes/http/staff.server";
import { mailCsvColumns } from "~/modules/mail/mail-csv.server";
import { exportMails, mailListQuery } from "~/modules/mail/mail-list.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/mail.csv?<the list's query>: every mail of the filtered outbox (DESIGN.md "One list pattern"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, mailListQuery);
  return csvResponse("posta", await mailCsvColumns(requestLocale(request).locale), await exportMails(query));
}
