import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { exportTemplates, templateListQuery, type TemplateListRow } from "~/modules/templates/template-list.server";

/** /admin/templates.csv?<the list's query>: every mail kind of the filtered list, its own languages and last change (decision 0038). */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { locale } = requestLocale(request);
  const query = await readListQuery(request, templateListQuery);
  const t = await getFixedT(locale, ["adminTemplates", "admin"]);
  const columns: CsvColumn<TemplateListRow>[] = [
    { header: t("adminTemplates.columns.kind"), value: (row) => row.name },
    { header: t("adminTemplates.columns.code"), value: (row) => row.kind },
    { header: t("adminTemplates.columns.optionKey"), value: (row) => row.optionKey },
    { header: t("adminTemplates.columns.languages"), value: (row) => row.customised.map((l) => t(`admin.languages.${l}`)).join(", ") },
    { header: t("adminTemplates.columns.updatedAt"), value: (row) => csvDate(row.updatedAt) },
    { header: t("adminTemplates.columns.updatedBy"), value: (row) => row.updatedByEmail },
  ];
  return csvResponse("predlosci", columns, await exportTemplates(query, locale, staff.scope));
}
