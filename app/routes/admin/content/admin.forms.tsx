import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { formListQuery, listForms } from "~/modules/forms/form-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/**
 * Database forms (/admin/forms, decision 0055): the form builder's list. What the forms
 * sent stays in the enquiries inbox (decision 0041): each row links to its submissions
 * there (decision 0055 makes this address the builder instead of a redirect).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, formListQuery);
  const { rows, page } = await listForms(query);
  return { locale: requestLocale(request).locale, query, rows, page };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminForms() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const columns: Column<Row>[] = [
    {
      id: "slug",
      header: t("adminCommunity.forms.columns.form"),
      sortable: true,
      cell: (f) => (
        <>
          <Link to={`/admin/forms/${f.id}`} className="font-semibold text-brand-700 underline">
            {f.title}
          </Link>
          <span className="block text-xs text-slate-600">{f.slug}</span>
        </>
      ),
    },
    {
      id: "fields",
      header: t("adminCommunity.forms.columns.fields"),
      align: "end",
      cell: (f) => (f.hasFiles ? `${f.fieldCount} ${t("adminCommunity.forms.withFiles")}` : String(f.fieldCount)),
    },
    {
      id: "submissions",
      header: t("adminCommunity.forms.columns.submissions"),
      sortable: true,
      align: "end",
      cell: (f) => (
        <Link to={`/admin/enquiries?kind=form&q=${encodeURIComponent(f.slug)}`} className="underline" data-testid="form-submissions-link">
          {f.submissions}
        </Link>
      ),
    },
    {
      id: "lastAt",
      header: t("adminCommunity.forms.columns.lastAt"),
      cell: (f) => (f.lastAt ? formatDate(f.lastAt, locale, { style: "numeric", time: "short" }) : "–"),
    },
    {
      id: "createdAt",
      header: t("adminCommunity.forms.columns.createdAt"),
      sortable: true,
      cell: (f) => formatDate(f.createdAt, locale, { style: "numeric" }),
    },
  ];
  return (
    <AdminPage
      title={t("adminCommunity.forms.title")}
      testId="admin-forms"
      actions={
        <Link to="/admin/forms/new" className={buttonClass({ size: "sm" })}>
          {t("adminCommunity.forms.new")}
        </Link>
      }
    >
      <ListFilters
        searchLabel={t("adminCommunity.forms.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      />
      <DataTable
        caption={t("adminCommunity.forms.title")}
        columns={columns}
        rows={rows}
        rowKey={(f) => f.id}
        sort={sort}
        empty={t("adminCommunity.forms.empty")}
        testId="forms-table"
        rowTestId="form-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
