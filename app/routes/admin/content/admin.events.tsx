import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { eventListQuery, listAdminEvents, type EventListRow } from "~/modules/content-admin/event-admin.server";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminContent"] };

/** Calendar events (/admin/events, decision 0054): upcoming or past, published or not, search, sort, pages, CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, eventListQuery);
  return { locale: requestLocale(request).locale, query, ...(await listAdminEvents(query)) };
}

export default function AdminEvents() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const when = (value: string) => formatDate(value, locale, { style: "numeric", time: "short" });
  const columns: Column<EventListRow>[] = [
    {
      id: "title",
      header: t("adminContent.columns.title"),
      cell: (e) => (
        <Link to={`/admin/events/${e.id}`} className="font-semibold text-brand-700 underline">
          {e.title}
        </Link>
      ),
    },
    {
      id: "startsAt",
      header: t("adminContent.events.when"),
      sortable: true,
      cell: (e) => <span className="whitespace-nowrap">{`${when(e.startsAt)} – ${when(e.endsAt)}`}</span>,
    },
    { id: "place", header: t("adminContent.events.place"), cell: (e) => e.place || "–" },
    { id: "attendees", header: t("adminContent.events.attendees"), sortable: true, align: "end", cell: (e) => e.attendees },
    {
      id: "published",
      header: t("adminContent.columns.state"),
      cell: (e) => (
        <StatusBadge tone={e.published ? "good" : "quiet"}>
          {t(e.published ? "adminContent.events.published" : "adminContent.events.hidden")}
        </StatusBadge>
      ),
    },
  ];
  return (
    <AdminPage
      title={t("adminContent.events.title")}
      testId="admin-events"
      actions={
        <Link to="/admin/events/new" className={buttonClass({ size: "sm" })}>
          {t("adminContent.events.new")}
        </Link>
      }
    >
      <ListFilters
        searchLabel={t("adminContent.events.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="when"
          label={t("adminContent.events.whenFilter")}
          value={query.when}
          options={(["upcoming", "past"] as const).map((w) => ({ value: w, label: t(`adminContent.events.${w}`) }))}
        />
        <FilterSelect
          name="published"
          label={t("adminContent.columns.state")}
          value={query.published}
          options={[
            { value: "yes", label: t("adminContent.events.published") },
            { value: "no", label: t("adminContent.events.hidden") },
          ]}
        />
      </ListFilters>
      <DataTable
        caption={t("adminContent.events.title")}
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        sort={sort}
        empty={t("adminContent.empty")}
        testId="events-table"
        rowTestId="event-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
