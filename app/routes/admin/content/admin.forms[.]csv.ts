import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { exportForms, formListQuery, type FormListRow } from "~/modules/forms/form-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/forms.csv?<the list's query>: the filtered database forms with their confirmed submissions (decision 0038). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, formListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["adminCommunity"]);
  const columns: CsvColumn<FormListRow>[] = [
    { header: t("adminCommunity.forms.columns.form"), value: (f) => f.title },
    { header: t("adminCommunity.forms.fields.slug"), value: (f) => f.slug },
    { header: t("adminCommunity.forms.columns.fields"), value: (f) => f.fieldCount },
    {
      header: t("adminCommunity.forms.columns.files"),
      value: (f) => t(f.hasFiles ? "adminCommunity.forms.yes" : "adminCommunity.forms.no"),
    },
    { header: t("adminCommunity.forms.columns.submissions"), value: (f) => f.submissions },
    { header: t("adminCommunity.forms.columns.lastAt"), value: (f) => csvDate(f.lastAt) },
    { header: t("adminCommunity.forms.columns.createdAt"), value: (f) => csvDate(f.createdAt, { style: "numeric" }) },
  ];
  return csvResponse("obrasci", columns, await exportForms(query));
}
