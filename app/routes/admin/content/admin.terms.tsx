import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { listTerms, termListQuery, type TermListRow } from "~/modules/content-admin/term-admin.server";

export const handle = { i18n: ["adminContent"] };

/** Blog categories and tags (/admin/terms, decision 0054): search, type filter, sort, pages, CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, termListQuery);
  return { query, ...(await listTerms(query)) };
}

export default function AdminTerms() {
  const { query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const columns: Column<TermListRow>[] = [
    {
      id: "name",
      header: t("adminContent.terms.name"),
      sortable: true,
      cell: (term) => (
        <>
          <Link to={`/admin/terms/${term.id}`} className="font-semibold text-brand-700 underline">
            {term.name}
          </Link>
          <span className="block text-xs text-slate-600">{term.slug}</span>
        </>
      ),
    },
    { id: "type", header: t("adminContent.terms.typeLabel"), cell: (term) => t(`adminContent.terms.type.${term.type}`) },
    {
      id: "languages",
      header: t("adminContent.columns.languages"),
      cell: (term) => term.languages.map((l) => l.toUpperCase()).join(" · "),
    },
    { id: "posts", header: t("adminContent.terms.posts"), sortable: true, align: "end", cell: (term) => term.posts },
    { id: "position", header: t("adminContent.terms.position"), sortable: true, align: "end", cell: (term) => term.position },
  ];
  return (
    <AdminPage
      title={t("adminContent.terms.title")}
      testId="admin-terms"
      actions={
        <Link to="/admin/terms/new" className={buttonClass({ size: "sm" })}>
          {t("adminContent.terms.new")}
        </Link>
      }
    >
      <ListFilters
        searchLabel={t("adminContent.terms.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="type"
          label={t("adminContent.terms.typeLabel")}
          value={query.type}
          options={(["category", "tag"] as const).map((type) => ({ value: type, label: t(`adminContent.terms.type.${type}`) }))}
        />
      </ListFilters>
      <DataTable
        caption={t("adminContent.terms.title")}
        columns={columns}
        rows={rows}
        rowKey={(term) => term.id}
        sort={sort}
        empty={t("adminContent.empty")}
        testId="terms-table"
        rowTestId="term-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
