import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterDate, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import {
  changeSubscribers,
  listSubscribers,
  subscriberBulkSchema,
  subscriberListQuery,
} from "~/modules/newsletter/newsletter-admin.server";
import { SUBSCRIBER_STATES } from "~/modules/newsletter/subscriber-states";
import { requestLocale } from "~/.server/shopper.server";

/** Newsletter subscribers (/admin/newsletter, decision 0055): list, CSV, bulk unsubscribe or delete; nobody is subscribed from here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, subscriberListQuery);
  const { rows, page } = await listSubscribers(query);
  return { locale: requestLocale(request).locale, query, rows, page };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, subscriberBulkSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { intent, ids } = submission.value;
  const { changed, skipped } = await changeSubscribers(staff, ids, intent);
  const toast = {
    type: changed > 0 ? ("success" as const) : ("warning" as const),
    key: `adminCommunity.newsletter.bulk.${intent}Done`,
    values: { changed, skipped },
  };
  return redirect(backToList(request), { headers: await setToast(toast) });
}

const TONE = { subscribed: "good", pending: "waiting", unsubscribed: "quiet" } as const;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminNewsletter() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const when = (value: string | null) => (value ? formatDate(value, locale, { style: "numeric", time: "short" }) : "–");
  const columns: Column<Row>[] = [
    { id: "email", header: t("adminCommunity.newsletter.columns.email"), sortable: true, cell: (s) => s.email },
    {
      id: "state",
      header: t("adminCommunity.newsletter.columns.state"),
      cell: (s) => (
        <StatusBadge tone={TONE[s.state]} testId="subscriber-state">
          {t(`adminCommunity.newsletter.state.${s.state}`)}
        </StatusBadge>
      ),
    },
    {
      id: "locale",
      header: t("adminCommunity.newsletter.columns.locale"),
      cell: (s) => t(`admin.languages.${s.locale}`, { defaultValue: s.locale }),
    },
    { id: "createdAt", header: t("adminCommunity.newsletter.columns.createdAt"), sortable: true, cell: (s) => when(s.createdAt) },
    { id: "confirmedAt", header: t("adminCommunity.newsletter.columns.confirmedAt"), cell: (s) => when(s.confirmedAt) },
    { id: "unsubscribedAt", header: t("adminCommunity.newsletter.columns.unsubscribedAt"), cell: (s) => when(s.unsubscribedAt) },
  ];
  return (
    <AdminPage title={t("adminCommunity.newsletter.title")} testId="admin-newsletter">
      <p className="text-sm text-slate-600">{t("adminCommunity.newsletter.gdpr")}</p>
      <ListFilters
        searchLabel={t("adminCommunity.newsletter.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="state"
          label={t("adminCommunity.newsletter.columns.state")}
          value={query.state}
          options={SUBSCRIBER_STATES.map((s) => ({ value: s, label: t(`adminCommunity.newsletter.state.${s}`) }))}
        />
        <FilterSelect
          name="locale"
          label={t("adminCommunity.newsletter.columns.locale")}
          value={query.locale}
          options={LOCALES.map((l) => ({ value: l, label: t(`admin.languages.${l}`) }))}
        />
        <FilterDate name="from" label={t("adminCommunity.newsletter.from")} value={query.from} />
        <FilterDate name="to" label={t("adminCommunity.newsletter.to")} value={query.to} />
      </ListFilters>
      <BulkActions formId="subscribers-bulk" label={t("adminCommunity.bulk.label")}>
        <Button name="intent" value="unsubscribe" size="sm" variant="secondary">
          {t("adminCommunity.newsletter.bulk.unsubscribe")}
        </Button>
        <Button name="intent" value="delete" size="sm" variant="secondary">
          {t("adminCommunity.newsletter.bulk.delete")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t("adminCommunity.newsletter.title")}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        sort={sort}
        selection={{
          name: "ids",
          formId: "subscribers-bulk",
          label: (s) => t("adminCommunity.bulk.select", { name: s.email }),
          allLabel: t("adminCommunity.bulk.selectAll"),
        }}
        empty={t("adminCommunity.newsletter.empty")}
        testId="subscribers-table"
        rowTestId="subscriber-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
