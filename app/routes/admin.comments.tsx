import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/modules/admin/staff.server";
import { moderateCommentSchema } from "~/modules/comments/comments.schema";
import { listPendingComments, moderateComment } from "~/modules/comments/comments.server";
import { StarsView } from "~/modules/comments/stars";
import { requestLocale } from "~/modules/site/locale.server";
import { getSiteContext } from "~/modules/site/site.server";
import { commentOptions } from "~/modules/comments/comment-options";

/** Comments waiting for approval (RequireAdminPublishing, spec §1): approve or reject each. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const { locale } = requestLocale(request);
  const [pending, site] = await Promise.all([listPendingComments(), getSiteContext(locale)]);
  return { locale, pending, stars: commentOptions(site.options).stars };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, moderateCommentSchema);
  // The buttons post a known id and decision: anything else is a forged post.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { commentId, intent: decision } = submission.value;
  try {
    await moderateComment(commentId, decision === "approve" ? "approved" : "rejected");
    return redirect("/admin/comments", { headers: await setToast({ type: "success", key: decision === "approve" ? "comments.admin.approved" : "comments.admin.rejected" }) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirect("/admin/comments", { headers: await setToast({ type: "error", key: error.key }) });
  }
}

type Pending = ReturnType<typeof useLoaderData<typeof loader>>["pending"][number];

export default function AdminComments() {
  const { pending, locale, stars } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns: Column<Pending>[] = [
    {
      id: "entity",
      header: t("comments.admin.entity"),
      cell: (c) => (
        <>
          {t(`comments.admin.${c.entityType}`)}:{" "}
          <a href={c.entityHref} className="font-semibold text-brand-700 underline">{c.entityName}</a>
        </>
      ),
    },
    { id: "author", header: t("comments.admin.author"), cell: (c) => `${c.author} (${c.email})` },
    { id: "date", header: t("comments.admin.date"), cell: (c) => <time dateTime={c.date}>{formatDate(c.date, locale, { time: "short" })}</time> },
    {
      id: "comment",
      header: t("comments.admin.comment"),
      cell: (c) => (
        <>
          {c.rating ? <StarsView rating={c.rating} stars={stars} /> : null}
          {c.content ? <p className="mt-1 whitespace-pre-line">{c.content}</p> : null}
        </>
      ),
    },
    {
      id: "actions",
      header: <span className="sr-only">{t("comments.admin.actions")}</span>,
      cell: (c) => (
        <div className="flex gap-2">
          {(["approve", "reject"] as const).map((intent) => (
            <SecureForm key={intent}>
              <input type="hidden" name="commentId" value={c.id} />
              <Button name="intent" value={intent} size="sm" variant={intent === "approve" ? "primary" : "secondary"}>
                {t(`comments.admin.${intent}`)}
              </Button>
            </SecureForm>
          ))}
        </div>
      ),
    },
  ];
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t("comments.admin.title")}</h1>
      <DataTable
        caption={t("comments.admin.title")}
        columns={columns}
        rows={pending}
        rowKey={(c) => c.id}
        empty={t("comments.admin.empty")}
        testId="pending-comments"
        rowTestId="pending-comment"
      />
    </section>
  );
}
