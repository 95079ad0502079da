import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { requestLocale } from "~/.server/shopper.server";
import { auditFieldLabel, auditValueText, type AuditFormat } from "~/components/admin/audit-values";
import { auditActionLabel, auditEntityLabel } from "~/components/admin/audit-actions";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { auditListQuery, exportAudit, type AuditListRow } from "~/modules/kernel/audit-list.server";
import { getSiteContext } from "~/modules/site/site.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";

/**
 * /admin/audit.csv?<the list's query>: the filtered trail in a spreadsheet, each change
 * written as the screen writes it ("Status: Plaćeno → Poslano"), in the reader's language.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, auditListQuery);
  const { locale } = requestLocale(request);
  const [t, site, rows] = await Promise.all([getFixedT(locale), getSiteContext(locale), exportAudit(query)]);
  const format: AuditFormat = { t, locale, currency: site.currency };
  const changes = (row: AuditListRow) =>
    [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])]
      .map((key) => {
        const after = auditValueText(row.entity, key, row.after?.[key], format);
        const before = row.before && key in row.before ? `${auditValueText(row.entity, key, row.before[key], format)} → ` : "";
        return `${auditFieldLabel(key, format)}: ${before}${after}`;
      })
      .join("; ");
  const columns: CsvColumn<AuditListRow>[] = [
    { header: t("admin.audit.list.columns.createdAt"), value: (e) => csvDate(e.createdAt) },
    { header: t("admin.audit.list.columns.actor"), value: (e) => e.actorEmail },
    { header: t("admin.audit.list.columns.record"), value: (e) => auditEntityLabel(e.entity, t) },
    { header: t("admin.audit.list.columns.recordId"), value: (e) => e.entityId },
    { header: t("admin.audit.list.columns.action"), value: (e) => auditActionLabel(e.entity, e.action, t) },
    { header: t("admin.audit.list.columns.changes"), value: changes },
  ];
  return csvResponse("zapisnik-promjena", columns, rows);
}
