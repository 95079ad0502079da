import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { commentOptions } from "~/modules/comments/comment-options";
import { CommentDeleteForm, CommentEditForm, CommentModerateForm, CommentReplyForm } from "~/modules/comments/comment-admin-forms";
import {
  commentDetail,
  commentPageSchema,
  deleteCommentAsStaff,
  editCommentAsStaff,
  moderateAsStaff,
  replyToComment,
} from "~/modules/comments/comments-admin.server";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

/** One comment (/admin/comments/:id, decision 0055): edit its text and rating, answer it as the shop, approve or reject, delete it (confirmed). */
const NOT_FOUND = "comments.notFound";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const comment = await commentDetail(id);
  if (!comment) throw await rowNotFound(request, NOT_FOUND);
  const { locale } = requestLocale(request);
  const stars = commentOptions((await getSiteContext(locale)).options).stars;
  return { locale, comment, stars, constraint: formConstraint(commentPageSchema), audit: await auditTrail("comment", id) };
}

const DONE = {
  edit: "adminCommunity.comments.edited",
  reply: "adminCommunity.comments.replied",
  approve: "comments.admin.approved",
  reject: "comments.admin.rejected",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const { submission } = await readSubmission(request, commentPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "delete") {
      await deleteCommentAsStaff(staff, id, input.version);
      return redirect("/admin/comments", { headers: await setToast({ type: "success", key: "adminCommunity.comments.deleted" }) });
    }
    if (input.intent === "edit")
      await editCommentAsStaff(staff, id, input.version, { rating: input.rating ?? null, content: input.content });
    else if (input.intent === "reply") await replyToComment(staff, id, input.version, input.reply);
    else await moderateAsStaff(staff, id, input.version, input.intent);
    return redirect(`/admin/comments/${id}`, { headers: await setToast({ type: "success", key: DONE[input.intent] }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await rowNotFound(request, NOT_FOUND);
    return answerDomainError(error, submission, []);
  }
}

export default function AdminComment() {
  const { locale, comment, stars, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const tone = { pending: "waiting", approved: "good", rejected: "bad" } as const;
  return (
    <AdminPage
      title={t("adminCommunity.comments.title", { author: comment.author })}
      testId="admin-comment"
      actions={
        <Link to="/admin/comments" className="text-sm underline">
          {t("adminCommunity.comments.back")}
        </Link>
      }
    >
      <section className="rounded border border-slate-200 bg-white p-4 text-sm" data-testid="comment-facts">
        <p>
          {t(`comments.admin.${comment.entityType}`)}:{" "}
          {comment.entityHref ? (
            <a href={comment.entityHref} className="font-semibold text-brand-700 underline">
              {comment.entityName}
            </a>
          ) : (
            comment.entityName
          )}
        </p>
        <p>
          {comment.author} ({comment.email}) · {formatDate(comment.createdAt, locale, { style: "numeric", time: "short" })}
        </p>
        <p className="mt-1">
          <StatusBadge tone={tone[comment.status]} testId="comment-status">
            {t(`adminCommunity.comments.state.${comment.status}`)}
          </StatusBadge>
        </p>
      </section>
      <CommentModerateForm version={comment.version} status={comment.status} />
      <CommentEditForm key={`e${comment.version}`} comment={comment} stars={stars} constraint={constraint} lastResult={answer} />
      <CommentReplyForm key={`r${comment.version}`} comment={comment} constraint={constraint} lastResult={answer} />
      <CommentDeleteForm version={comment.version} constraint={constraint} lastResult={answer} />
      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminCommunity.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
