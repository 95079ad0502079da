import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { mailMessageKey } from "~/modules/mail/mail-admin.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { sendTestMail } from "~/modules/mail/test-mail.server";
import { useTranslation } from "~/lib/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/locales";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import {
  isMailKind,
  previewTemplate,
  resetTemplate,
  saveTemplate,
  storedPreview,
  templateDetail,
  templateOverview,
} from "~/modules/templates/mail-template-admin.server";
import { TemplateEditor, TemplateLanguages, TemplatePreview, TemplateReset } from "~/modules/templates/template-editor";
import { TEMPLATE_OPTION_KEYS } from "~/modules/templates/template-list.server";
import { TEMPLATE_VARIABLES, templateScope } from "~/modules/templates/template-variables";
import { templateEditorSchema, templateFieldsSchema } from "~/modules/templates/templates.schema";
import { savedToast } from "./template-saved.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminTemplates", "adminMail"] };

/**
 * One mail's template in one language (/admin/templates/:kind?lang=hr, decision 0053):
 * subject and HTML body with the kind's variables, a preview with sample data, a test
 * mail to oneself, save (version checked, audited) and reset to the built-in text.
 */
const notFound = (request: Request) => rowNotFound(request, "adminTemplates.errors.notFound");

/** The kind and language asked for, and the signed-in user when their scope reaches that kind (decision 0081: admin for a mail with a secret link). */
async function target(request: Request, raw: string | undefined) {
  const lang = new URL(request.url).searchParams.get("lang") ?? DEFAULT_LOCALE;
  if (!isMailKind(raw) || !isLocale(lang)) {
    await requireStaff(request, "editor");
    throw await notFound(request);
  }
  return { kind: raw, lang: lang as Locale, staff: await requireStaff(request, templateScope(raw)) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { kind, lang } = await target(request, params.kind);
  const [template, overview] = await Promise.all([templateDetail(kind, lang), templateOverview()]);
  return {
    locale: requestLocale(request).locale,
    kind,
    lang,
    template,
    variables: [...TEMPLATE_VARIABLES[kind]],
    optionKey: TEMPLATE_OPTION_KEYS[kind] ?? null,
    customised: overview.find((row) => row.kind === kind)?.customised ?? [],
    preview: storedPreview(kind, template),
    constraint: formConstraint(templateFieldsSchema),
    audit: template.id ? await auditTrail("mailTemplate", template.id) : [],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { kind, lang, staff } = await target(request, params.kind);
  const { submission } = await readSubmission(request, templateEditorSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  const here = `/admin/templates/${kind}?lang=${lang}`;
  try {
    if (input.intent === "save") {
      const { removed } = await saveTemplate(staff, kind, lang, input);
      return redirect(here, { headers: await setToast(await savedToast(request, "adminTemplates.done.save", removed)) });
    }
    if (input.intent === "reset") {
      await resetTemplate(staff, kind, lang, input.version);
      return redirect(here, { headers: await setToast({ type: "success", key: "adminTemplates.done.reset" }) });
    }
    // Preview and test answer on the page itself, keeping the typed (unsaved) text.
    const preview = previewTemplate(kind, input);
    const t = await getFixedT(requestLocale(request).locale);
    const testMailId = input.intent === "test" ? await sendTestMail(staff, kind, input, t("adminTemplates.testPrefix")) : null;
    return data({
      ...submission.reply(),
      preview,
      testMailId,
      testTo: testMailId ? staff.email : null,
      testMessage: mailMessageKey("adminTemplates.testSent"),
    });
  } catch (error) {
    return answerDomainError(error, submission, ["subject", "bodyHtml"]);
  }
}

/** What a preview or test post answers besides the form's reply. */
type Answer = {
  preview?: { subject: string; html: string; text: string };
  testMailId?: number | null;
  testTo?: string | null;
  testMessage?: string;
};

export default function AdminTemplate() {
  const { locale, kind, lang, template, variables, optionKey, customised, preview, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const shown = (answer as Answer | undefined)?.preview ?? preview;
  const sent = answer as Answer | undefined;
  const test = sent?.testMailId
    ? { id: sent.testMailId, to: sent.testTo ?? null, message: sent.testMessage ?? "adminTemplates.testSent" }
    : null;
  const name = t(`adminMail.kind.${kind}`);
  return (
    <AdminPage
      title={t("adminTemplates.editor.title", { kind: name, language: t(`admin.languages.${lang}`) })}
      testId="admin-template"
      actions={
        <Link to="/admin/templates" className="text-sm underline">
          {t("adminTemplates.back")}
        </Link>
      }
    >
      {optionKey ? <p className="text-sm text-slate-600">{t("adminTemplates.optionKey", { key: optionKey })}</p> : null}
      <TemplateLanguages kind={kind} lang={lang} customised={customised} />
      <p className="text-sm" data-testid="template-customised">
        {template.customised ? t("adminTemplates.editor.customised") : t("adminTemplates.editor.builtIn")}
        {template.customised && template.updatedAt
          ? ` ${t("adminTemplates.editor.lastChange", { date: new Date(template.updatedAt).toLocaleString(locale), by: template.updatedByEmail ?? "" })}`
          : null}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <TemplateEditor
          key={`${lang}-${template.version}`}
          template={template}
          variables={variables}
          constraint={constraint}
          lastResult={answer}
        />
        <TemplatePreview preview={shown} test={test} />
      </div>
      {template.customised ? <TemplateReset version={template.version} builtIn={template.builtIn} /> : null}
      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminTemplates.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
