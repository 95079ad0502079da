import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { readListQuery } from "~/routes/http/list.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { requireStaff } from "~/routes/http/staff.server";
import { exportSubscribers, subscriberListQuery, type SubscriberRow } from "~/modules/newsletter/newsletter-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/newsletter.csv?<the list's query>: the filtered subscribers (decision 0038). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, subscriberListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["adminCommunity"]);
  const columns: CsvColumn<SubscriberRow>[] = [
    { header: t("adminCommunity.newsletter.columns.email"), value: (s) => s.email },
    { header: t("adminCommunity.newsletter.columns.state"), value: (s) => t(`adminCommunity.newsletter.state.${s.state}`) },
    { header: t("adminCommunity.newsletter.columns.locale"), value: (s) => s.locale },
    { header: t("adminCommunity.newsletter.columns.createdAt"), value: (s) => csvDate(s.createdAt) },
    { header: t("adminCommunity.newsletter.columns.confirmedAt"), value: (s) => csvDate(s.confirmedAt) },
    { header: t("adminCommunity.newsletter.columns.unsubscribedAt"), value: (s) => csvDate(s.unsubscribedAt) },
  ];
  return csvResponse("newsletter", columns, await exportSubscribers(query));
}
