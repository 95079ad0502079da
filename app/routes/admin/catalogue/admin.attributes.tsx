import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { DataTable, type Column } from "~/components/ui/data-table";
import { localized } from "~/lib/links";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { attributeListQuery, listAttributes } from "~/modules/catalog-admin/attribute-list.server";
import { FILTER_TYPES } from "~/modules/catalog-admin/filter-types";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminCatalog"] };

/** Attributes (/admin/attributes, decision 0048): search, type filter, sort, CSV of the filtered list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, attributeListQuery);
  const { rows, page } = await listAttributes(query);
  return { locale: requestLocale(request).locale, query, rows, page };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminAttributes() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const columns: Column<Row>[] = [
    {
      id: "code",
      header: t("adminCatalog.attributes.code"),
      sortable: true,
      cell: (a) => (
        <Link to={`/admin/attributes/${a.id}`} className="font-semibold text-brand-700 underline">
          {a.code}
        </Link>
      ),
    },
    { id: "label", header: t("adminCatalog.attributes.label"), cell: (a) => localized(a.label, locale) },
    { id: "type", header: t("adminCatalog.attributes.type"), sortable: true, cell: (a) => t(`adminCatalog.types.${a.type}`) },
    {
      id: "filterable",
      header: t("adminCatalog.attributes.filterable"),
      cell: (a) => t(a.isFilterable ? "adminCatalog.yes" : "adminCatalog.no"),
    },
    { id: "values", header: t("adminCatalog.attributes.values"), align: "end", cell: (a) => a.values },
    { id: "products", header: t("adminCatalog.attributes.products"), align: "end", cell: (a) => a.products },
    { id: "position", header: t("adminCatalog.attributes.position"), sortable: true, align: "end", cell: (a) => a.position },
  ];
  return (
    <AdminPage
      title={t("adminCatalog.attributes.title")}
      testId="admin-attributes"
      actions={
        <Link to="/admin/attributes/new" className="rounded bg-brand-700 px-3 py-2 text-sm font-semibold text-white">
          {t("adminCatalog.attributes.new")}
        </Link>
      }
    >
      <ListFilters
        searchLabel={t("adminCatalog.attributes.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="type"
          label={t("adminCatalog.attributes.type")}
          value={query.type}
          options={FILTER_TYPES.map((type) => ({ value: type, label: t(`adminCatalog.types.${type}`) }))}
        />
      </ListFilters>
      <DataTable
        caption={t("adminCatalog.attributes.title")}
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        sort={sort}
        empty={t("adminCatalog.attributes.empty")}
        testId="attributes-table"
        rowTestId="attribute-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
