import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readForm } from "~/.server/security.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { requireBackofficeUser } from "~/modules/account/user.server";
import { listPendingComments, moderateComment } from "~/modules/comments/comments.server";
import { StarsView } from "~/modules/comments/stars";
import { requestLocale } from "~/modules/site/locale.server";
import { getSiteContext } from "~/modules/site/site.server";
import { commentOptions } from "~/modules/comments/comment-options";

/** Comments waiting for approval (RequireAdminPublishing, spec §1): approve or reject each. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackofficeUser(request);
  const { locale } = requestLocale(request);
  const [pending, site] = await Promise.all([listPendingComments(), getSiteContext(locale)]);
  return { locale, pending, stars: commentOptions(site.options).stars };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireBackofficeUser(request);
  const form = await readForm(request);
  const id = Number(form.get("commentId"));
  const decision = form.get("intent");
  if (!Number.isInteger(id) || id < 1 || id >= 2 ** 31 || (decision !== "approve" && decision !== "reject")) throw new Response("Bad Request", { status: 400 });
  try {
    await moderateComment(id, decision === "approve" ? "approved" : "rejected");
    return redirect("/admin/comments", { headers: await setToast({ type: "success", key: decision === "approve" ? "comments.admin.approved" : "comments.admin.rejected" }) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirect("/admin/comments", { headers: await setToast({ type: "error", key: error.key }) });
  }
}

export default function AdminComments() {
  const { pending, locale, stars } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("comments.admin.title")}</h1>
      {pending.length === 0 ? <p className="mt-6 text-slate-600">{t("comments.admin.empty")}</p> : null}
      <ul className="mt-6 flex flex-col gap-4" data-testid="pending-comments">
        {pending.map((c) => (
          <li key={c.id} className="rounded border bg-white p-4" data-testid="pending-comment">
            <p className="text-sm text-slate-600">
              {t(`comments.admin.${c.entityType}`)}:{" "}
              <a href={c.entityHref} className="font-semibold text-brand-700 underline">{c.entityName}</a>
              {" · "}
              {t("comments.admin.author")}: {c.author} ({c.email}) · <time dateTime={c.date}>{formatDate(c.date, locale, { time: "short" })}</time>
            </p>
            {c.rating ? <StarsView rating={c.rating} stars={stars} /> : null}
            {c.content ? <p className="mt-2 whitespace-pre-line">{c.content}</p> : null}
            <div className="mt-3 flex gap-2">
              {(["approve", "reject"] as const).map((intent) => (
                <SecureForm key={intent}>
                  <input type="hidden" name="commentId" value={c.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={intent}
                    className={intent === "approve" ? "rounded bg-brand-600 px-3 py-1 text-sm text-white" : "rounded border px-3 py-1 text-sm"}
                  >
                    {t(`comments.admin.${intent}`)}
                  </button>
                </SecureForm>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
