import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";

/**
 * The forms of a comment's backoffice page (decision 0055): each posts its own intent
 * with the version it showed (a stale one is refused, decision 0038). Plain forms: they
 * work without JavaScript; the delete asks for a ticked confirmation either way.
 */
type Comment = { version: number; rating: number | null; content: string; reply: string };
type Props = { constraint: FormConstraint; lastResult?: unknown };
const BOX = "space-y-2 rounded border border-slate-200 bg-white p-4";

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function CommentModerateForm({ version, status }: { version: number; status: string }) {
  const { t } = useTranslation();
  return (
    <SecureForm className="flex gap-2" data-testid="comment-moderate">
      <input type="hidden" name="version" value={version} />
      {status !== "approved" ? (
        <Button name="intent" value="approve" size="sm">
          {t("comments.admin.approve")}
        </Button>
      ) : null}
      {status !== "rejected" ? (
        <Button name="intent" value="reject" size="sm" variant="secondary">
          {t("comments.admin.reject")}
        </Button>
      ) : null}
    </SecureForm>
  );
}

export function CommentEditForm({ comment, stars, constraint, lastResult }: Props & { comment: Comment; stars: number }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<{ rating: string; content: string }>({
    id: "comment-edit",
    lastResult: resultFor(lastResult, "edit"),
    constraint,
    defaultValue: { rating: comment.rating ? String(comment.rating) : "", content: comment.content },
  });
  return (
    <SecureForm {...getFormProps(form)} className={BOX} data-testid="comment-edit" aria-labelledby="comment-edit-title">
      <h2 id="comment-edit-title" className="text-lg font-semibold">
        {t("adminCommunity.comments.editTitle")}
      </h2>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="version" value={comment.version} />
      <SelectField
        meta={fields.rating}
        label={t("adminCommunity.comments.rating")}
        placeholder={t("adminCommunity.comments.noRating")}
        options={Array.from({ length: stars }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
        required={false}
      />
      <TextareaField meta={fields.content} label={t("adminCommunity.comments.content")} rows={4} optional />
      <FormError id={form.errorId} errors={form.errors} testId="comment-edit-error" />
      <Button pending={usePending("edit")}>{t("adminCommunity.comments.save")}</Button>
    </SecureForm>
  );
}

export function CommentReplyForm({ comment, constraint, lastResult }: Props & { comment: Comment }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<{ reply: string }>({
    id: "comment-reply",
    lastResult: resultFor(lastResult, "reply"),
    constraint,
    defaultValue: { reply: comment.reply },
  });
  return (
    <SecureForm {...getFormProps(form)} className={BOX} data-testid="comment-reply-form" aria-labelledby="comment-reply-title">
      <h2 id="comment-reply-title" className="text-lg font-semibold">
        {t("adminCommunity.comments.replyTitle")}
      </h2>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="version" value={comment.version} />
      <TextareaField
        meta={fields.reply}
        label={t("adminCommunity.comments.reply")}
        description={t("adminCommunity.comments.replyHelp")}
        rows={4}
        optional
      />
      <FormError id={form.errorId} errors={form.errors} testId="comment-reply-error" />
      <Button pending={usePending("reply")}>{t("adminCommunity.comments.sendReply")}</Button>
    </SecureForm>
  );
}

export function CommentDeleteForm({ version, constraint, lastResult }: Props & { version: number }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<{ confirm: string }>({
    id: "comment-delete",
    lastResult: resultFor(lastResult, "delete"),
    constraint,
  });
  return (
    <SecureForm {...getFormProps(form)} className={BOX} data-testid="comment-delete">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="version" value={version} />
      <CheckboxField meta={fields.confirm} label={t("adminCommunity.comments.confirmDelete")} />
      <FormError id={form.errorId} errors={form.errors} testId="comment-delete-error" />
      <Button variant="secondary" pending={usePending("delete")}>
        {t("adminCommunity.comments.delete")}
      </Button>
    </SecureForm>
  );
}
