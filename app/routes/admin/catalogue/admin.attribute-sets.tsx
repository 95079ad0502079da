import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { listAttributeSets } from "~/modules/catalog-admin/attribute-set-admin.server";

export const handle = { i18n: ["adminCatalog"] };

/** Attribute sets (/admin/attribute-sets, decision 0048): name, how many attributes, how many products use it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { rows: await listAttributeSets() };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminAttributeSets() {
  const { rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns: Column<Row>[] = [
    {
      id: "name",
      header: t("adminCatalog.sets.name"),
      cell: (s) => (
        <Link to={`/admin/attribute-sets/${s.id}`} className="font-semibold text-brand-700 underline">
          {s.name}
        </Link>
      ),
    },
    { id: "attributes", header: t("adminCatalog.sets.attributes"), align: "end", cell: (s) => s.attributes },
    { id: "products", header: t("adminCatalog.sets.products"), align: "end", cell: (s) => s.products },
  ];
  return (
    <AdminPage
      title={t("adminCatalog.sets.title")}
      testId="admin-attribute-sets"
      actions={
        <Link to="/admin/attribute-sets/new" className="rounded bg-brand-700 px-3 py-2 text-sm font-semibold text-white">
          {t("adminCatalog.sets.new")}
        </Link>
      }
    >
      <DataTable
        caption={t("adminCatalog.sets.title")}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        empty={t("adminCatalog.sets.empty")}
        testId="sets-table"
        rowTestId="set-row"
      />
    </AdminPage>
  );
}
