import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { resultFor } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdOrNew, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { attributeFormSchema, attributePostSchema, valueFormSchema } from "~/modules/catalog-admin/attribute-admin.schema";
import { attributeForEdit, changeValue, saveAttribute, saveValue } from "~/modules/catalog-admin/attribute-admin.server";
import { AttributeForm, ValueForm } from "~/modules/catalog-admin/attribute-forms";
import { ValueList } from "~/modules/catalog-admin/attribute-values";
import { mediaChoices, storeUploads } from "~/modules/media/media-upload.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminCatalog"] };

/**
 * One attribute (/admin/attributes/:id, or /admin/attributes/new) and its values
 * (docs/decisions/0048): ?value=<id> opens a value in the value form for editing.
 */
const notFound = (request: Request) => rowNotFound(request, "adminCatalog.attributes.errors.notFound");

const attributeIdOf = (request: Request, raw: string | undefined) => rowIdOrNew(request, raw, "adminCatalog.attributes.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await attributeIdOf(request, params.id);
  const found = id === null ? null : await attributeForEdit(id);
  if (id !== null && !found) throw await notFound(request);
  const editing = found?.values.find((v) => String(v.id) === new URL(request.url).searchParams.get("value")) ?? null;
  const [media, audit] = await Promise.all([
    found ? mediaChoices({ include: editing?.mediaId ? [editing.mediaId] : [] }) : Promise.resolve([]),
    id === null ? Promise.resolve([]) : auditTrail("attribute", id),
  ]);
  return {
    locale: requestLocale(request).locale,
    found,
    editing: editing
      ? { valueId: editing.id, value: editing.value, label: editing.label, swatch: editing.swatch ?? "", mediaId: editing.mediaId }
      : null,
    media,
    audit,
    constraints: { attribute: formConstraint(attributeFormSchema), value: formConstraint(valueFormSchema) },
  };
}

const FIELDS = ["code", "type", "value", "mediaId"];

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await attributeIdOf(request, params.id);
  const { form, submission } = await readSubmission(request, attributePostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "save") {
      const saved = await saveAttribute(staff, id, input);
      return redirect(`/admin/attributes/${saved}`, {
        headers: await setToast({ type: "success", key: id ? "adminCatalog.attributes.saved" : "adminCatalog.attributes.created" }),
      });
    }
    if (id === null) throw await notFound(request);
    if (input.intent === "addValue" || input.intent === "editValue") {
      const files = form.getAll("mediaUpload").filter((f): f is File => typeof f !== "string");
      const [uploaded] = await storeUploads(files, { kind: "image", staff });
      await saveValue(staff, id, input, uploaded?.id ?? null);
    } else {
      await changeValue(staff, id, input.intent, input.valueId, input.version);
    }
    return redirect(`/admin/attributes/${id}#values`, {
      headers: await setToast({ type: "success", key: `adminCatalog.values.done.${input.intent}` }),
    });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return answerDomainError(error, submission, FIELDS);
  }
}

export default function AdminAttribute() {
  const { locale, found, editing, media, audit, constraints } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const attribute = found?.attribute;
  const version = attribute?.version ?? 0;
  const valueResult = resultFor(lastResult, "addValue") ?? resultFor(lastResult, "editValue");
  const listResult = resultFor(lastResult, "deleteValue") ?? resultFor(lastResult, "valueUp") ?? resultFor(lastResult, "valueDown");
  return (
    <AdminPage
      title={attribute ? t("adminCatalog.attributes.editTitle", { code: attribute.code }) : t("adminCatalog.attributes.new")}
      testId="admin-attribute"
      actions={
        <Link to="/admin/attributes" className="text-sm underline">
          {t("adminCatalog.attributes.back")}
        </Link>
      }
    >
      {found ? <p className="text-sm text-slate-700">{t("adminCatalog.attributes.usedBy", { count: found.products })}</p> : null}
      <AttributeForm
        key={`a${version}`}
        values={
          attribute
            ? {
                version,
                code: attribute.code,
                type: attribute.type,
                label: attribute.label,
                unit: attribute.unit ?? "",
                isFilterable: attribute.isFilterable,
                position: attribute.position,
              }
            : { version: 0, code: "", type: "dropdown", label: {}, unit: "", isFilterable: true, position: 0 }
        }
        lastResult={resultFor(lastResult, "save")}
        constraint={constraints.attribute}
      />
      {found ? (
        <section id="values" className="space-y-3" aria-labelledby="values-title">
          <h2 id="values-title" className="text-lg font-semibold">
            {t("adminCatalog.values.title")}
          </h2>
          <ValueList attributeId={found.attribute.id} version={version} values={found.values} locale={locale} result={listResult} />
          <ValueForm
            key={`v${version}-${editing?.valueId ?? "new"}`}
            version={version}
            values={editing ?? { valueId: null, value: "", label: {}, swatch: "", mediaId: null }}
            media={media}
            lastResult={valueResult}
            constraint={constraints.value}
          />
        </section>
      ) : null}
      {found ? (
        <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminCatalog.audit.${action}`, { defaultValue: action })} />
      ) : null}
    </AdminPage>
  );
}
