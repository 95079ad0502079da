import type { ActionFunctionArgs } from "@remix-run/node";
import { toastDomainError } from "~/.server/http/domain-error.server";
import { redirect } from "@remix-run/node";
import { localPath } from "~/lib/local-path";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { localeFromPath } from "~/lib/locales";
import { getCurrentUser } from "~/.server/shopper.server";
import { commentSchema } from "~/modules/comments/comments.schema";
import { editComment, postComment, type CommentInput } from "~/modules/comments/comments.server";

/**
 * POST: a new comment (intent=create) or the author's edit (intent=edit) on a product or
 * post, following the comment options (spec §1, §5). Back to the page with a toast; a
 * broken rule gives its message (loggedUsersOnly, oneUserOneComment, commentEditNotAllowed,
 * ...) and changes nothing. Rate limited as a public form (server rate limit).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, commentSchema);
  // The form always posts these: anything else (an unknown entity, a forged id) is a bad request.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const posted = submission.value;
  const back = localPath(posted.redirectTo, "/");
  const locale = localeFromPath(new URL(back, "http://shop.invalid").pathname);
  const input: CommentInput = { rating: posted.rating ?? null, content: posted.content };
  const backToForm = `${back}#comments`;
  try {
    const user = await getCurrentUser(request);
    const result =
      posted.intent === "edit"
        ? await editComment(user, posted.commentId, input)
        : await postComment(user, posted.entityType, posted.entityId, input);
    const key =
      result.status === "pending" ? "comments.sentForApproval" : posted.intent === "edit" ? "comments.updated" : "comments.published";
    return redirect(backToForm, { headers: await setToast({ type: "success", key }) });
  } catch (error) {
    return toastDomainError(error, backToForm, { locale, back });
  }
}

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
