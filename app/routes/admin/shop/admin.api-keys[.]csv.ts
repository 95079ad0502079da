import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { apiKeyListQuery } from "~/modules/api/api-keys-admin.schema";
import { listApiKeysForAdmin, type ApiKeyListRow } from "~/modules/api/api-keys.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/api-keys.csv?<the list's query>: the filtered keys, never a token. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, apiKeyListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["adminApi"]);
  const columns: CsvColumn<ApiKeyListRow>[] = [
    { header: t("adminApi.fields.name"), value: (r) => r.name },
    { header: t("adminApi.fields.kind"), value: (r) => t(`adminApi.kind.${r.kind}`) },
    { header: t("adminApi.fields.prefix"), value: (r) => r.prefix },
    { header: t("adminApi.fields.createdBy"), value: (r) => r.createdByEmail ?? "" },
    { header: t("adminApi.fields.created"), value: (r) => csvDate(r.createdAt) },
    { header: t("adminApi.fields.lastUsed"), value: (r) => (r.lastUsedAt ? csvDate(r.lastUsedAt) : "") },
    { header: t("adminApi.fields.rateLimit"), value: (r) => r.rateLimit },
    { header: t("adminApi.fields.revoked"), value: (r) => (r.revokedAt ? csvDate(r.revokedAt) : "") },
  ];
  return csvResponse("api-kljucevi", columns, await listApiKeysForAdmin(query));
}
