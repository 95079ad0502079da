import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { exportFailedRequests, failedListQuery, type FailedListRow } from "~/modules/redirects/redirects-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/redirects/not-found.csv?<the list's query>: the filtered log of unknown addresses (decision 0038). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, failedListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["adminCommunity"]);
  const columns: CsvColumn<FailedListRow>[] = [
    { header: t("adminCommunity.redirects.path"), value: (r) => r.path },
    { header: t("adminCommunity.redirects.hits"), value: (r) => r.hits },
    { header: t("adminCommunity.redirects.lastSeen"), value: (r) => csvDate(r.lastSeenAt) },
  ];
  return csvResponse("nepostojece-adrese", columns, await exportFailedRequests(query));
}
