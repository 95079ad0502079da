import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { exportMedia, mediaListQuery, type MediaListRow } from "~/modules/media-library/media-list.server";
import { usageText } from "~/modules/media-library/usage-text";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/media.csv?<the list's query>: every file of the filtered library (DESIGN.md "One list pattern"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const { locale } = requestLocale(request);
  const query = await readListQuery(request, mediaListQuery);
  const t = await getFixedT(locale);
  const columns: CsvColumn<MediaListRow>[] = [
    { header: "driveId", value: (m) => m.driveId },
    { header: t("adminMedia.columns.title"), value: (m) => m.title },
    { header: t("adminMedia.fields.alt"), value: (m) => m.alt },
    { header: t("adminMedia.columns.originalName"), value: (m) => m.originalName },
    { header: "MIME", value: (m) => m.mime },
    { header: t("adminMedia.columns.size"), value: (m) => m.size },
    { header: t("adminMedia.columns.access"), value: (m) => t(`adminMedia.access.${m.access}`) },
    { header: t("adminMedia.columns.usage"), value: (m) => usageText(t, m.usage) },
    { header: t("adminMedia.columns.createdAt"), value: (m) => csvDate(m.createdAt) },
  ];
  return csvResponse("mediji", columns, await exportMedia(query, locale));
}
