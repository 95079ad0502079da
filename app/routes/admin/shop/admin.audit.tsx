import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminPage, FilterDate, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { AuditChanges } from "~/components/admin/audit-trail";
import type { AuditFormat } from "~/components/admin/audit-values";
import { AUDIT_ACTION_NAMESPACES, auditActionLabel, auditEntityLabel } from "~/components/admin/audit-actions";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Currency } from "~/lib/prices";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { auditFacets, auditListQuery, listAudit } from "~/modules/kernel/audit-list.server";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: AUDIT_ACTION_NAMESPACES };

/**
 * The audit trail of the whole backoffice (/admin/audit, scope admin: it shows every
 * change of every record, customers' data included): who changed what and when, filtered by
 * person, kind of record and days, each row linked to its record, and its CSV.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, auditListQuery);
  const [{ rows, page }, facets] = await Promise.all([listAudit(query), auditFacets()]);
  return { locale: requestLocale(request).locale, query, rows, page, facets };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const FALLBACK_CURRENCY = { label: "EUR", symbol: "€" };

export default function AdminAudit() {
  const { locale, query, rows, page, facets } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const currency = useRouteLoaderData<{ currency?: Pick<Currency, "label" | "symbol"> }>("routes/admin/admin-layout")?.currency;
  const format: AuditFormat = { t, locale, currency: currency ?? FALLBACK_CURRENCY };
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const kind = (entity: string) => auditEntityLabel(entity, t);
  const columns: Column<Row>[] = [
    {
      id: "createdAt",
      header: t("admin.audit.list.columns.createdAt"),
      sortable: true,
      cell: (e) => (
        <time dateTime={e.createdAt} className="whitespace-nowrap">
          {formatDate(e.createdAt, locale, { style: "numeric", time: "short" })}
        </time>
      ),
    },
    { id: "actor", header: t("admin.audit.list.columns.actor"), cell: (e) => e.actorEmail },
    {
      id: "record",
      header: t("admin.audit.list.columns.record"),
      cell: (e) => {
        const label = e.entityId === null ? kind(e.entity) : t("admin.audit.list.record", { kind: kind(e.entity), id: e.entityId });
        return e.href ? (
          <Link to={e.href} className="font-semibold text-brand-700 underline">
            {label}
          </Link>
        ) : (
          label
        );
      },
    },
    { id: "action", header: t("admin.audit.list.columns.action"), cell: (e) => auditActionLabel(e.entity, e.action, t) },
    {
      id: "changes",
      header: t("admin.audit.list.columns.changes"),
      cell: (e) => <AuditChanges entity={e.entity} before={e.before} after={e.after} format={format} />,
    },
  ];
  return (
    <AdminPage title={t("admin.audit.list.title")} testId="admin-audit">
      <p className="text-sm text-slate-600">{t("admin.audit.list.intro")}</p>
      <ListFilters
        searchLabel={t("admin.audit.list.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="entity"
          label={t("admin.audit.list.columns.record")}
          value={query.entity}
          options={facets.entities.map((entity) => ({ value: entity, label: kind(entity) }))}
        />
        <FilterSelect
          name="actor"
          label={t("admin.audit.list.columns.actor")}
          value={query.actor}
          options={facets.actors.map((actor) => ({ value: actor, label: actor }))}
        />
        <FilterDate name="from" label={t("admin.audit.list.from")} value={query.from} />
        <FilterDate name="to" label={t("admin.audit.list.to")} value={query.to} />
      </ListFilters>
      <DataTable
        caption={t("admin.audit.list.title")}
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        sort={sort}
        empty={t("admin.audit.list.empty")}
        testId="audit-table"
        rowTestId="audit-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
