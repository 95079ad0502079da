import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { listRedirects, redirectListQuery } from "~/modules/redirects/redirects-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** Redirects (/admin/redirects, decision 0055): search, CSV, new; the logged 404s are one click away. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, redirectListQuery);
  const { rows, page } = await listRedirects(query);
  return { locale: requestLocale(request).locale, query, rows, page };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminRedirects() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const columns: Column<Row>[] = [
    {
      id: "fromPath",
      header: t("adminCommunity.redirects.fields.fromPath"),
      sortable: true,
      cell: (r) => (
        <Link to={`/admin/redirects/${r.id}`} className="break-all font-semibold text-brand-700 underline">
          {r.fromPath}
        </Link>
      ),
    },
    {
      id: "toPath",
      header: t("adminCommunity.redirects.fields.toPath"),
      sortable: true,
      cell: (r) => <span className="break-all">{r.toPath}</span>,
    },
    { id: "status", header: t("adminCommunity.redirects.fields.status"), cell: (r) => String(r.status) },
    {
      id: "createdAt",
      header: t("adminCommunity.redirects.createdAt"),
      sortable: true,
      cell: (r) => formatDate(r.createdAt, locale, { style: "numeric" }),
    },
  ];
  return (
    <AdminPage
      title={t("adminCommunity.redirects.title")}
      testId="admin-redirects"
      actions={
        <div className="flex gap-2">
          <Link to="/admin/redirects/not-found" className={buttonClass({ size: "sm", variant: "secondary" })}>
            {t("adminCommunity.redirects.notFoundLog")}
          </Link>
          <Link to="/admin/redirects/new" className={buttonClass({ size: "sm" })}>
            {t("adminCommunity.redirects.new")}
          </Link>
        </div>
      }
    >
      <ListFilters
        searchLabel={t("adminCommunity.redirects.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      />
      <DataTable
        caption={t("adminCommunity.redirects.title")}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={sort}
        empty={t("adminCommunity.redirects.empty")}
        testId="redirects-table"
        rowTestId="redirect-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
