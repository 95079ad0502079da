import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { commentListQuery, exportComments, type CommentListRow } from "~/modules/comments/comments-admin.server";
import { requestLocale } from "~/.server/shopper.server";

/** /admin/comments.csv?<the list's query>: every comment of the filtered list, text and reply included (decision 0038). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, commentListQuery);
  const t = await getFixedT(requestLocale(request).locale, ["comments", "adminCommunity"]);
  const columns: CsvColumn<CommentListRow>[] = [
    { header: t("comments.admin.date"), value: (c) => csvDate(c.createdAt) },
    { header: t("comments.admin.entity"), value: (c) => `${t(`comments.admin.${c.entityType}`)}: ${c.entityName}` },
    { header: t("comments.admin.author"), value: (c) => c.author },
    { header: t("adminCommunity.comments.email"), value: (c) => c.email },
    { header: t("adminCommunity.comments.rating"), value: (c) => c.rating },
    { header: t("adminCommunity.comments.content"), value: (c) => c.content },
    { header: t("adminCommunity.comments.status"), value: (c) => t(`adminCommunity.comments.state.${c.status}`) },
    { header: t("adminCommunity.comments.reply"), value: (c) => c.reply },
  ];
  return csvResponse("komentari", columns, await exportComments(query));
}
