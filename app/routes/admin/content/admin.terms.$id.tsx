import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdOrNew, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { termPostSchema, termSchema, type TermInput } from "~/modules/content-admin/content-admin.schema";
import { deleteTerm, saveTerm, termEditView } from "~/modules/content-admin/term-admin.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminContent"] };

/** One blog category or tag (/admin/terms/:id, or new): names and slugs per language, type, order; delete while unused. */
const termIdOf = (request: Request, raw: string | undefined) => rowIdOrNew(request, raw, "adminContent.terms.errors.notFound");
const notFound = (request: Request) => rowNotFound(request, "adminContent.terms.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await termIdOf(request, params.id);
  const term = id === null ? null : await termEditView(id);
  if (id !== null && !term) throw await notFound(request);
  return {
    locale: requestLocale(request).locale,
    term,
    constraint: formConstraint(termSchema),
    audit: id ? await auditTrail("term", id) : [],
  };
}

const FIELDS = ["hr", "en", "de"].map((l) => `translations.${l}.slug`);

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await termIdOf(request, params.id);
  const { submission } = await readSubmission(request, termPostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "delete") {
      if (id === null) throw await notFound(request);
      await deleteTerm(staff, id, input.version);
      return redirect("/admin/terms", { headers: await setToast({ type: "success", key: "adminContent.terms.deleted" }) });
    }
    const saved = await saveTerm(staff, id, input);
    return redirect(`/admin/terms/${saved}`, { headers: await setToast({ type: "success", key: "adminContent.terms.saved" }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return answerDomainError(error, submission, FIELDS);
  }
}

export default function AdminTerm() {
  const { locale, term, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<TermInput>({
    id: "term",
    lastResult: resultFor(answer, "save"),
    constraint,
    defaultValue: (term
      ? { type: term.type, position: String(term.position), translations: term.translations }
      : { type: "category", position: "0" }) as never,
  });
  const languages = fields.translations.getFieldset();
  const deleteResult = resultFor(answer, "delete");
  return (
    <AdminPage
      title={term ? term.translations.hr.name : t("adminContent.terms.new")}
      testId="admin-term"
      actions={
        <Link to="/admin/terms" className="text-sm underline">
          {t("adminContent.terms.back")}
        </Link>
      }
    >
      <SecureForm
        {...getFormProps(form)}
        method="post"
        className="space-y-2 rounded border border-slate-200 bg-white p-4"
        data-testid="term-form"
      >
        <input type="hidden" name="intent" value="save" />
        {term ? <input type="hidden" name="version" value={term.version} /> : null}
        <div className="grid gap-x-4 md:grid-cols-2">
          <SelectField
            meta={fields.type}
            label={t("adminContent.terms.typeLabel")}
            options={(["category", "tag"] as const).map((type) => ({ value: type, label: t(`adminContent.terms.type.${type}`) }))}
          />
          <Field meta={fields.position} type="number" label={t("adminContent.terms.position")} />
        </div>
        <LanguageTabs idPrefix="term-lang" errors={(l) => Object.values(languages[l].getFieldset()).some((f) => f.errors?.length)}>
          {(l) => {
            const text = languages[l].getFieldset();
            return (
              <div className="grid gap-x-4 md:grid-cols-2">
                <Field meta={text.name} label={t("adminContent.terms.name")} required={l === "hr"} optional={l !== "hr"} />
                <Field
                  meta={text.slug}
                  label={t("adminContent.fields.slug")}
                  required={l === "hr"}
                  optional={l !== "hr"}
                  description={t("adminContent.fields.slugHelp")}
                />
              </div>
            );
          }}
        </LanguageTabs>
        <FormError id={form.errorId} errors={form.errors} testId="term-error" />
        <Button pending={navigation.formData?.get("intent") === "save"}>{t("adminContent.terms.save")}</Button>
      </SecureForm>
      {term ? (
        <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="term-delete">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="version" value={term.version} />
          <p className="text-sm text-slate-600">
            {term.posts > 0 ? t("adminContent.terms.usedHint", { n: term.posts }) : t("adminContent.deleteHint")}
          </p>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" value="on" required disabled={term.posts > 0} />
            {t("adminContent.deleteConfirm")}
          </label>
          <Button variant="secondary" disabled={term.posts > 0}>
            {t("adminContent.delete")}
          </Button>
          <FormError errors={deleteResult?.error?.[""] ?? deleteResult?.error?.confirm} testId="term-delete-error" />
        </SecureForm>
      ) : null}
      {term ? (
        <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminContent.audit.${action}`, { defaultValue: action })} />
      ) : null}
    </AdminPage>
  );
}
