import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { eventListQuery, exportAdminEvents } from "~/modules/content-admin/event-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/events.csv?<the list's query>: the filtered events. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, eventListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["adminContent"]);
  return csvResponse(
    "dogadjaji",
    [
      { header: t("adminContent.columns.id"), value: (e) => e.id },
      { header: t("adminContent.columns.title"), value: (e) => e.title },
      { header: t("adminContent.events.startsAt"), value: (e) => csvDate(e.startsAt) },
      { header: t("adminContent.events.endsAt"), value: (e) => csvDate(e.endsAt) },
      { header: t("adminContent.events.place"), value: (e) => e.place },
      { header: t("adminContent.events.attendees"), value: (e) => e.attendees },
      {
        header: t("adminContent.columns.state"),
        value: (e) => t(e.published ? "adminContent.events.published" : "adminContent.events.hidden"),
      },
      { header: t("adminContent.columns.languages"), value: (e) => e.languages.join(",") },
    ],
    await exportAdminEvents(query),
  );
}
