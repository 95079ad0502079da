import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { eventEditView } from "~/modules/content-admin/event-admin.server";
import { attendeesOf } from "~/modules/content-admin/event-attendees.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/events/:id/attendees.csv: who comes to the event (name, e-mail, seats, note). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, "adminContent.events.errors.notFound");
  if (!(await eventEditView(id))) throw await rowNotFound(request, "adminContent.events.errors.notFound");
  const t = await getFixedT(requestLocale(request).locale, ["adminContent"]);
  return csvResponse(
    `sudionici-${id}`,
    [
      { header: t("adminContent.attendees.name"), value: (a) => a.name },
      { header: t("adminContent.attendees.email"), value: (a) => a.email },
      { header: t("adminContent.attendees.seats"), value: (a) => a.seats },
      { header: t("adminContent.attendees.note"), value: (a) => a.note },
      { header: t("adminContent.attendees.addedAt"), value: (a) => csvDate(a.createdAt) },
    ],
    await attendeesOf(id),
  );
}
