import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { exportRedirects, redirectListQuery, type RedirectListRow } from "~/modules/redirects/redirects-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/redirects.csv?<the list's query>: the filtered redirects (decision 0038). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, redirectListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["adminCommunity"]);
  const columns: CsvColumn<RedirectListRow>[] = [
    { header: t("adminCommunity.redirects.fields.fromPath"), value: (r) => r.fromPath },
    { header: t("adminCommunity.redirects.fields.toPath"), value: (r) => r.toPath },
    { header: t("adminCommunity.redirects.fields.status"), value: (r) => r.status },
    { header: t("adminCommunity.redirects.createdAt"), value: (r) => csvDate(r.createdAt) },
  ];
  return csvResponse("preusmjeravanja", columns, await exportRedirects(query));
}
