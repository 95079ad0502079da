import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { exportTerms, termListQuery } from "~/modules/content-admin/term-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/terms.csv?<the list's query>: the filtered categories and tags. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, termListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["adminContent"]);
  return csvResponse(
    "pojmovi",
    [
      { header: t("adminContent.columns.id"), value: (r) => r.id },
      { header: t("adminContent.terms.name"), value: (r) => r.name },
      { header: t("adminContent.fields.slug"), value: (r) => r.slug },
      { header: t("adminContent.terms.typeLabel"), value: (r) => t(`adminContent.terms.type.${r.type}`) },
      { header: t("adminContent.columns.languages"), value: (r) => r.languages.join(",") },
      { header: t("adminContent.terms.posts"), value: (r) => r.posts },
      { header: t("adminContent.terms.position"), value: (r) => r.position },
    ],
    await exportTerms(query),
  );
}
