import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { localized } from "~/lib/links";
import { type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { attributeListQuery, exportAttributes, type AttributeListRow } from "~/modules/catalog-admin/attribute-list.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/attributes.csv?<the list's query>: every attribute of the filtered list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, attributeListQuery);
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale, ["adminCatalog"]);
  const columns: CsvColumn<AttributeListRow>[] = [
    { header: t("adminCatalog.attributes.code"), value: (a) => a.code },
    { header: t("adminCatalog.attributes.label"), value: (a) => localized(a.label, locale) },
    { header: t("adminCatalog.attributes.type"), value: (a) => t(`adminCatalog.types.${a.type}`) },
    { header: t("adminCatalog.attributes.unit"), value: (a) => a.unit },
    { header: t("adminCatalog.attributes.filterable"), value: (a) => t(a.isFilterable ? "adminCatalog.yes" : "adminCatalog.no") },
    { header: t("adminCatalog.attributes.values"), value: (a) => a.values },
    { header: t("adminCatalog.attributes.products"), value: (a) => a.products },
    { header: t("adminCatalog.attributes.position"), value: (a) => a.position },
  ];
  return csvResponse("atributi", columns, await exportAttributes(query));
}
