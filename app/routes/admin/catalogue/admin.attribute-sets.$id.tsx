import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { resultFor } from "~/lib/forms/use-shop-form";
import { localized } from "~/lib/links";
import { useTranslation } from "~/lib/i18n";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdOrNew, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { attributeSetForEdit, deleteAttributeSet, saveAttributeSet } from "~/modules/catalog-admin/attribute-set-admin.server";
import { attributeSetPostSchema } from "~/modules/catalog-admin/set-tag-admin.schema";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminCatalog"] };

/** One attribute set (/admin/attribute-sets/:id or /new): its name and attributes in order; delete (products keep their values). */
const notFound = (request: Request) => rowNotFound(request, "adminCatalog.sets.errors.notFound");

const setIdOf = (request: Request, raw: string | undefined) => rowIdOrNew(request, raw, "adminCatalog.sets.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await setIdOf(request, params.id);
  const view = await attributeSetForEdit(id);
  if (!view) throw await notFound(request);
  return { locale: requestLocale(request).locale, id, view, audit: id === null ? [] : await auditTrail("attributeSet", id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await setIdOf(request, params.id);
  const { submission } = await readSubmission(request, attributeSetPostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "save") {
      const saved = await saveAttributeSet(staff, id, input);
      return redirect(`/admin/attribute-sets/${saved}`, { headers: await setToast({ type: "success", key: "adminCatalog.sets.saved" }) });
    }
    if (id === null) throw await notFound(request);
    await deleteAttributeSet(staff, id, input.version);
    return redirect("/admin/attribute-sets", { headers: await setToast({ type: "success", key: "adminCatalog.sets.deleted" }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return answerDomainError(error, submission, ["name", "attributes"]);
  }
}

export default function AdminAttributeSet() {
  const { locale, id, view, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saved = resultFor(answer, "save");
  const deleted = resultFor(answer, "delete");
  const version = view.set?.version ?? 0;
  return (
    <AdminPage
      title={view.set ? view.set.name : t("adminCatalog.sets.new")}
      testId="admin-attribute-set"
      actions={
        <Link to="/admin/attribute-sets" className="text-sm underline">
          {t("adminCatalog.sets.back")}
        </Link>
      }
    >
      <SecureForm key={version} className="space-y-3 rounded border border-slate-200 bg-white p-4" data-testid="set-form">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={version} />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminCatalog.sets.name")}
          <input
            name="name"
            required
            maxLength={100}
            defaultValue={view.set?.name ?? ""}
            className="rounded border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <FormError errors={saved?.error?.name} testId="set-name-error" />
        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold">{t("adminCatalog.sets.attributes")}</legend>
          {view.rows.map((row, index) => (
            <div key={row.attributeId} className="flex items-center gap-3 text-sm" data-testid={`set-attribute-${row.code}`}>
              <input type="hidden" name={`attributes[${index}].attributeId`} value={row.attributeId} />
              <label className="flex flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  name={`attributes[${index}].enabled`}
                  defaultChecked={row.enabled}
                  className="size-4 accent-brand-600"
                />
                {localized(row.label, locale)} <span className="text-xs text-slate-500">({row.code})</span>
              </label>
              <input
                type="number"
                name={`attributes[${index}].position`}
                defaultValue={row.position}
                min={0}
                max={9999}
                aria-label={t("adminCatalog.filters.positionOf", { name: row.code })}
                className="w-20 rounded border border-slate-300 px-2 py-1"
              />
            </div>
          ))}
        </fieldset>
        <FormError errors={[...(saved?.error?.attributes ?? []), ...(saved?.error?.[""] ?? [])]} testId="set-error" />
        <Button pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}>
          {t("adminCatalog.save")}
        </Button>
      </SecureForm>
      {id !== null ? (
        <SecureForm className="space-y-2 rounded border border-red-200 bg-white p-4" data-testid="delete-form">
          <h2 className="text-lg font-semibold">{t("adminCatalog.sets.delete")}</h2>
          <p className="text-sm text-slate-700">{t("adminCatalog.sets.deleteHelp", { count: view.products })}</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="version" value={version} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" required className="size-4 accent-brand-600" />
            {t("adminCatalog.sets.deleteConfirm")}
          </label>
          <FormError errors={[...(deleted?.error?.[""] ?? []), ...(deleted?.error?.confirm ?? [])]} testId="delete-error" />
          <Button variant="secondary">{t("adminCatalog.sets.delete")}</Button>
        </SecureForm>
      ) : null}
      {id !== null ? (
        <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminCatalog.audit.${action}`, { defaultValue: action })} />
      ) : null}
    </AdminPage>
  );
}
