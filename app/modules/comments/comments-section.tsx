import { Link, useLocation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import type { CommentsData, CommentView } from "./comments.server";
import { RatingSummaryView } from "./rating-summary";
import { StarsInput, StarsView } from "./stars";

const ACTION = "/actions/comments";

/**
 * Comments and ratings of a product or post (spec §1, §5): the average of approved
 * ratings, the list (with the viewer's own waiting comments marked), and the form, or a
 * login link for visitors (loggedUsersOnly), or why there is none.
 */
export function CommentsSection({ data, locale }: { data: CommentsData; locale: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <section
      id="comments"
      aria-labelledby="comments-heading"
      className="flex flex-col gap-6"
      data-testid="comments"
      // Whose comments these are: a kept page for customers renders afresh for one who commented here (decision 0135).
      data-comments-of={`${data.entityType}:${data.entityId}`}
    >
      <header className="flex flex-wrap items-baseline gap-4">
        <h2 id="comments-heading" className="text-xl font-semibold">
          {t("comments.title")}
        </h2>
        {data.summary ? <RatingSummaryView summary={data.summary} stars={data.form.stars} /> : null}
      </header>
      {data.comments.length ? (
        <ul className="flex flex-col gap-4" data-testid="comment-list">
          {data.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} data={data} locale={locale} back={back} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t("comments.none")}</p>
      )}
      <CommentForm data={data} locale={locale} back={back} />
    </section>
  );
}

function CommentItem({ comment, data, locale, back }: { comment: CommentView; data: CommentsData; locale: Locale; back: string }) {
  const { t } = useTranslation();
  return (
    <li className="rounded border border-slate-200 p-4" data-testid="comment" data-own={comment.own || undefined}>
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{comment.author}</span>
        <time dateTime={comment.date}>{formatDate(comment.date, locale)}</time>
        {comment.rating ? <StarsView rating={comment.rating} stars={data.form.stars} /> : null}
        {comment.pending ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900" data-testid="comment-pending">
            {t("comments.pending")}
          </span>
        ) : null}
      </p>
      {comment.content ? <p className="mt-2 whitespace-pre-line text-slate-800">{comment.content}</p> : null}
      {comment.reply ? (
        <div className="mt-3 border-l-4 border-brand-600 bg-slate-50 p-3" data-testid="comment-reply">
          <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <span className="font-semibold text-brand-900">{t("comments.shopReply")}</span>
            <time dateTime={comment.reply.date}>{formatDate(comment.reply.date, locale)}</time>
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{comment.reply.text}</p>
        </div>
      ) : null}
      {comment.editable ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-brand-700">{t("comments.edit")}</summary>
          <Fields data={data} back={back} idPrefix={`edit-${comment.id}`} intent="edit" comment={comment} />
        </details>
      ) : null}
    </li>
  );
}

function CommentForm({ data, locale, back }: { data: CommentsData; locale: Locale; back: string }) {
  const { t } = useTranslation();
  const { state } = data.form;
  if (state === "login") {
    return (
      <p className="rounded bg-slate-50 p-4 text-slate-700" data-testid="comment-login">
        <Link to={`${href("login", locale)}?redirectTo=${encodeURIComponent(back)}`} className="font-semibold text-brand-700 underline">
          {t("comments.login")}
        </Link>{" "}
        {t("comments.loginToComment")}
      </p>
    );
  }
  if (state === "oneUserOneComment")
    return (
      <p className="rounded bg-slate-50 p-4 text-slate-700" data-testid="comment-one">
        {t("comments.oneUserOneComment")}
      </p>
    );
  if (state === "closed") return null;
  return <Fields data={data} back={back} idPrefix="new" intent="create" />;
}

function Fields({
  data,
  back,
  idPrefix,
  intent,
  comment,
}: {
  data: CommentsData;
  back: string;
  idPrefix: string;
  intent: "create" | "edit";
  comment?: CommentView;
}) {
  const { t } = useTranslation();
  const { form } = data;
  return (
    <SecureForm
      action={ACTION}
      preventScrollReset
      className="mt-2 flex max-w-2xl flex-col gap-3"
      data-testid={intent === "edit" ? "comment-edit-form" : "comment-form"}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      {comment ? <input type="hidden" name="commentId" value={comment.id} /> : null}
      <input type="hidden" name="entityType" value={data.entityType} />
      <input type="hidden" name="entityId" value={data.entityId} />
      <StarsInput name="rating" stars={form.stars} required={form.requireRating} defaultValue={comment?.rating} idPrefix={idPrefix} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {t("comments.content")}
        <textarea
          name="content"
          rows={4}
          maxLength={form.maxLength}
          required={form.requireContent}
          defaultValue={comment?.content}
          className="rounded border border-slate-300 p-2 font-normal text-slate-900"
        />
      </label>
      <Button className="self-start">{intent === "edit" ? t("comments.save") : t("comments.submit")}</Button>
    </SecureForm>
  );
}
