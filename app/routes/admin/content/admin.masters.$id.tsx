import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { setToast } from "~/.server/toast.server";
import { resultFor, useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import {
  MASTER_FIELDS,
  masterDetail,
  masterFieldsOf,
  masterFormSchema,
  updateMaster,
  type MasterField,
} from "~/modules/cms/masters.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";

export const handle = { i18n: ["adminContent", "editing"] };

/**
 * One master component (/admin/masters/:id): edited here, in one place; every page that
 * references it shows the change at once (the screen lists those pages).
 */
const NOT_FOUND = "editing.errors.noMaster";
const FIELDS = ["name", "title", "text", "html", "caption", "address", "slug", "linkLabel", "limit", "lat", "lon", "zoom"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const detail = await masterDetail(id);
  if (!detail) throw await rowNotFound(request, NOT_FOUND);
  return { detail, fields: MASTER_FIELDS[detail.component.type] ?? [], constraint: formConstraint(masterFormSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const { submission } = await readSubmission(request, masterFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const detail = await masterDetail(id);
  if (!detail) throw await rowNotFound(request, NOT_FOUND);
  const form = submission.value;
  try {
    const fields = masterFieldsOf(detail.component.type, form, detail.component);
    await updateMaster(staff, id, { name: form.name, updatedAt: form.updatedAt, fields });
    return redirect(`/admin/masters/${id}`, { headers: await setToast({ type: "success", key: "adminContent.masters.saved" }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await rowNotFound(request, NOT_FOUND);
    return answerDomainError(error, submission, FIELDS);
  }
}

const NUMBER_STEP: Partial<Record<MasterField, string>> = { lat: "0.00001", lon: "0.00001", limit: "1", zoom: "1" };
const PANEL_LABEL: Record<MasterField, string> = {
  title: "editing.panel.fields.title",
  text: "editing.panel.fields.text",
  html: "editing.panel.fields.html",
  caption: "editing.panel.fields.caption",
  address: "editing.panel.fields.address",
  slug: "editing.panel.fields.slug",
  linkLabel: "adminContent.masters.linkLabel",
  limit: "editing.panel.fields.limit",
  lat: "editing.panel.fields.lat",
  lon: "editing.panel.fields.lon",
  zoom: "editing.panel.fields.zoom",
};

export default function AdminMaster() {
  const { detail, fields, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const component = detail.component as Record<string, unknown>;
  const defaults: Record<string, string> = { name: detail.name };
  for (const name of fields)
    defaults[name] = String((name === "linkLabel" ? (component.link as { label?: string } | undefined)?.label : component[name]) ?? "");
  const [form, meta] = useShopForm<Record<string, string>>({
    id: "master",
    lastResult: resultFor(answer, "save"),
    constraint,
    defaultValue: defaults,
  });
  return (
    <AdminPage
      title={t("adminContent.masters.titleOf", { name: detail.name })}
      testId="admin-master"
      actions={
        <Link to="/admin/masters" className="text-sm underline">
          {t("adminContent.masters.back")}
        </Link>
      }
    >
      <p className="text-sm text-slate-700">{t("adminContent.masters.intro", { type: t(`editing.types.${detail.component.type}`) })}</p>
      <SecureForm
        key={detail.updatedAt}
        {...getFormProps(form)}
        className="space-y-2 rounded border border-slate-200 bg-white p-4"
        data-testid="master-form"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="updatedAt" value={detail.updatedAt} />
        <Field meta={meta.name} label={t("editing.sections.masterName")} autoComplete="off" />
        {fields.map((name) =>
          name === "text" || name === "html" ? (
            <TextareaField key={name} meta={meta[name]} label={t(PANEL_LABEL[name])} rows={name === "html" ? 10 : 4} />
          ) : (
            <Field
              key={name}
              meta={meta[name]}
              label={t(PANEL_LABEL[name])}
              type={NUMBER_STEP[name] ? "number" : "text"}
              step={NUMBER_STEP[name]}
              autoComplete="off"
            />
          ),
        )}
        <FormError id={form.errorId} errors={form.errors} testId="master-error" />
        <Button pending={navigation.state === "submitting"}>{t("adminContent.masters.save")}</Button>
      </SecureForm>
      <section className="rounded border border-slate-200 bg-white p-4" data-testid="master-used-by">
        <h2 className="font-semibold">{t("adminContent.masters.usedBy")}</h2>
        {detail.usedBy.length === 0 ? <p className="text-sm text-slate-600">{t("adminContent.masters.unused")}</p> : null}
        <ul className="list-disc pl-5 text-sm">
          {detail.usedBy.map((use) => (
            <li key={`${use.pageId}-${use.languageCode}`}>
              <Link to={`/admin/pages/${use.pageId}`} className="underline">
                {use.title}
              </Link>{" "}
              <span className="text-slate-600">({use.languageCode})</span>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}
