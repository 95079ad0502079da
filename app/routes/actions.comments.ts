import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import { isDomainError } from "~/.server/domain-error";
import { readForm } from "~/.server/security.server";
import { setToast } from "~/.server/toast.server";
import { COMMENT_ENTITIES, type CommentEntity } from "~/.server/db/schema";
import { localeFromPath } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { getCurrentUser } from "~/modules/account/user.server";
import { editComment, postComment, type CommentInput } from "~/modules/comments/comments.server";

const id = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};

/**
 * POST: a new comment (intent=create) or the author's edit (intent=edit) on a product or
 * post, following the comment options (spec §1, §5). Back to the page with a toast; a
 * broken rule gives its message (loggedUsersOnly, oneUserOneComment, commentEditNotAllowed,
 * ...) and changes nothing. Rate limited as a public form (server rate limit).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/");
  const locale = localeFromPath(new URL(back, "http://shop.invalid").pathname);
  const rawRating = String(form.get("rating") ?? "");
  const input: CommentInput = { rating: rawRating === "" ? null : Number(rawRating), content: String(form.get("content") ?? "") };
  const backToForm = `${back}#comments`;
  try {
    const user = await getCurrentUser(request);
    let result: { status: string };
    if (form.get("intent") === "edit") {
      const commentId = id(form.get("commentId"));
      if (!commentId) throw new Response("Bad Request", { status: 400 });
      result = await editComment(user, commentId, input);
    } else {
      const entityType = String(form.get("entityType")) as CommentEntity;
      const entityId = id(form.get("entityId"));
      if (!COMMENT_ENTITIES.includes(entityType) || !entityId) throw new Response("Bad Request", { status: 400 });
      result = await postComment(user, entityType, entityId, input);
    }
    const key = result.status === "pending" ? "comments.sentForApproval" : form.get("intent") === "edit" ? "comments.updated" : "comments.published";
    return redirect(backToForm, { headers: await setToast({ type: "success", key }) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "loginRequired") {
      const login = `${href("login", locale)}?redirectTo=${encodeURIComponent(back)}`;
      return redirect(login, { headers: await setToast({ type: "info", key: error.key }) });
    }
    return redirect(backToForm, { headers: await setToast({ type: "error", key: error.key, values: error.values }) });
  }
}

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
