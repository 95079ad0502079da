import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { tagPostSchema } from "~/modules/catalog-admin/set-tag-admin.schema";
import { createTag, deleteTag, listTags, renameTag } from "~/modules/catalog-admin/tag-admin.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminCatalog"] };

/**
 * Tags (/admin/tags, decision 0048): each with its product count; create, rename (unique)
 * and delete with a confirmation tick (the toast says how many products lost it). The tags
 * the home page and category pages find by name cannot be renamed or deleted (decision 0048).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { rows: await listTags() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, tagPostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "create") {
      await createTag(staff, input.name);
      return redirect("/admin/tags", {
        headers: await setToast({ type: "success", key: "adminCatalog.tags.created", values: { name: input.name } }),
      });
    }
    if (input.intent === "rename") {
      await renameTag(staff, input.id, input.name, input.was);
      return redirect("/admin/tags", {
        headers: await setToast({ type: "success", key: "adminCatalog.tags.renamed", values: { name: input.name } }),
      });
    }
    const gone = await deleteTag(staff, input.id);
    return redirect("/admin/tags", {
      headers: await setToast({ type: "success", key: "adminCatalog.tags.deleted", values: { name: gone.name, count: gone.products } }),
    });
  } catch (error) {
    return answerDomainError(error, submission, ["name"]);
  }
}

export default function AdminTags() {
  const { rows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const posted = answer && "initialValue" in answer ? answer.initialValue : null;
  const errorsFor = (intent: string, id?: number) =>
    posted?.intent === intent && (id === undefined || posted?.id === String(id))
      ? [...(answer?.error?.name ?? []), ...(answer?.error?.confirm ?? []), ...(answer?.error?.[""] ?? [])]
      : [];
  return (
    <AdminPage title={t("adminCatalog.tags.title")} testId="admin-tags">
      <SecureForm className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-4" data-testid="tag-create">
        <input type="hidden" name="intent" value="create" />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminCatalog.tags.name")}
          <input name="name" required maxLength={100} className="rounded border border-slate-300 px-3 py-2 font-normal" />
        </label>
        <Button>{t("adminCatalog.tags.create")}</Button>
        <FormError errors={errorsFor("create")} testId="tag-create-error" />
      </SecureForm>
      {rows.length === 0 ? <p className="text-sm text-slate-600">{t("adminCatalog.tags.empty")}</p> : null}
      <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white" data-testid="tag-list">
        {rows.map((tag) => (
          <li key={tag.id} className="flex flex-wrap items-end gap-4 px-3 py-3 text-sm" data-testid="tag-row">
            <SecureForm className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="id" value={tag.id} />
              <input type="hidden" name="was" value={tag.name} />
              <label className="flex flex-col gap-1">
                <span className="text-xs text-slate-600">{t("adminCatalog.tags.products", { count: tag.products })}</span>
                <input
                  name="name"
                  required
                  maxLength={100}
                  defaultValue={tag.name}
                  readOnly={tag.reserved}
                  aria-label={t("adminCatalog.tags.nameOf", { name: tag.name })}
                  className="rounded border border-slate-300 px-2 py-1"
                />
              </label>
              {tag.reserved ? (
                <span className="text-xs text-slate-600">{t("adminCatalog.tags.reservedHelp")}</span>
              ) : (
                <Button size="sm" variant="secondary">
                  {t("adminCatalog.tags.rename")}
                </Button>
              )}
            </SecureForm>
            {tag.reserved ? null : (
              <SecureForm className="flex items-center gap-2">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={tag.id} />
                <label className="flex items-center gap-1 text-xs">
                  <input type="checkbox" name="confirm" required className="size-4 accent-brand-600" />
                  {t("adminCatalog.tags.deleteConfirm", { count: tag.products })}
                </label>
                <Button size="sm" variant="secondary">
                  {t("adminCatalog.tags.delete")}
                </Button>
              </SecureForm>
            )}
            <FormError errors={[...errorsFor("rename", tag.id), ...errorsFor("delete", tag.id)]} testId="tag-error" />
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
