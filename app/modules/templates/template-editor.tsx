import { getFormProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { submissionOf, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALES, type Locale } from "~/lib/locales";

/**
 * The pieces of the template editor (/admin/templates/:kind, decision 0053). Plain forms:
 * without JavaScript the preview and the test mail post and the page comes back with the
 * typed text kept; the preview is shown in a sandboxed frame (no scripts, no same origin),
 * so even a broken template cannot act on the backoffice page.
 */
const pendingIntent = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

/** The language links of a kind: which language is edited, which have their own template. */
export function TemplateLanguages({ kind, lang, customised }: { kind: string; lang: Locale; customised: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("adminTemplates.editor.languages")}
      className="flex gap-1 border-b border-slate-200"
      data-testid="template-languages"
    >
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          to={`/admin/templates/${kind}?lang=${locale}`}
          aria-current={locale === lang ? "page" : undefined}
          className={`-mb-px rounded-t border px-3 py-1.5 text-sm ${locale === lang ? "border-slate-200 border-b-white bg-white font-semibold" : "border-transparent text-slate-600 hover:text-slate-900"}`}
        >
          {t(`admin.languages.${locale}`)}
          {customised.includes(locale) ? <span aria-label={t("adminTemplates.state.customised")}> ●</span> : null}
        </Link>
      ))}
    </nav>
  );
}

type EditorProps = {
  template: { version: number; subject: string; bodyHtml: string };
  variables: string[];
  constraint: FormConstraint;
  lastResult: unknown;
};

export function TemplateEditor({ template, variables, constraint, lastResult }: EditorProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const answer = submissionOf(lastResult);
  const [form, fields] = useShopForm<Record<string, string>>({
    id: "template",
    lastResult: answer?.initialValue?.intent === "reset" ? null : answer,
    constraint,
    defaultValue: { subject: template.subject, bodyHtml: template.bodyHtml },
  });
  return (
    <SecureForm {...getFormProps(form)} className="space-y-2 rounded border border-slate-200 bg-white p-4" data-testid="template-form">
      <input type="hidden" name="version" value={template.version} />
      <Field meta={fields.subject} label={t("adminTemplates.editor.subject")} autoComplete="off" data-testid="template-subject" />
      <TextareaField
        meta={fields.bodyHtml}
        label={t("adminTemplates.editor.body")}
        description={t("adminTemplates.editor.bodyHelp")}
        rows={14}
        className="font-mono text-xs"
        data-testid="template-body"
      />
      <section aria-labelledby="template-variables" className="rounded bg-slate-50 p-3 text-sm">
        <h2 id="template-variables" className="font-semibold">
          {t("adminTemplates.editor.variables")}
        </h2>
        <p className="text-slate-600">{t("adminTemplates.editor.variablesHelp", { example: `{{${variables[0] ?? "link"}}}` })}</p>
        <ul className="mt-1 grid gap-x-4 sm:grid-cols-2" data-testid="template-variables">
          {variables.map((name) => (
            <li key={name}>
              <code className="font-semibold">{`{{${name}}}`}</code>{" "}
              <span className="text-slate-600">{t(`adminTemplates.variable.${name}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      <FormError id={form.errorId} errors={form.errors} testId="template-error" />
      <div className="flex flex-wrap gap-2">
        <Button name="intent" value="save" pending={pendingIntent(navigation, "save")}>
          {t("adminTemplates.editor.save")}
        </Button>
        <Button name="intent" value="preview" variant="secondary" pending={pendingIntent(navigation, "preview")}>
          {t("adminTemplates.editor.preview")}
        </Button>
        <Button name="intent" value="test" variant="secondary" pending={pendingIntent(navigation, "test")}>
          {t("adminTemplates.editor.test")}
        </Button>
      </div>
    </SecureForm>
  );
}

export function TemplatePreview({
  preview,
  test,
}: {
  preview: { subject: string; html: string; text: string };
  /** A test mail written to the outbox: its message says whether it went out or waits (no SMTP). */
  test: { id: number; to: string | null; message: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="template-preview"
      className="space-y-2 rounded border border-slate-200 bg-white p-4 text-sm"
      data-testid="template-preview"
    >
      <h2 id="template-preview" className="text-lg font-semibold">
        {t("adminTemplates.preview.title")}
      </h2>
      {test ? (
        <p role="status" className="rounded bg-green-50 p-2 text-green-900" data-testid="template-test-sent">
          {t(test.message, { email: test.to ?? "" })}{" "}
          <Link to={`/admin/mail/${test.id}`} className="underline">
            {t("adminTemplates.testSeeMail")}
          </Link>
        </p>
      ) : null}
      <p>
        <span className="font-semibold">{t("adminTemplates.preview.subject")}:</span>{" "}
        <span data-testid="preview-subject">{preview.subject}</span>
      </p>
      <iframe
        title={t("adminTemplates.preview.html")}
        sandbox=""
        srcDoc={preview.html}
        className="h-80 w-full rounded border border-slate-200 bg-white"
        data-testid="preview-html"
      />
      <details>
        <summary className="cursor-pointer font-semibold">{t("adminTemplates.preview.text")}</summary>
        <pre className="whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-xs" data-testid="preview-text">
          {preview.text}
        </pre>
      </details>
    </section>
  );
}

/** Back to the built-in text, with the version shown (a stale reset is refused like a stale save). */
export function TemplateReset({ version, builtIn }: { version: number; builtIn: { subject: string; bodyHtml: string } }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <SecureForm className="space-y-2 rounded border border-slate-200 bg-white p-4 text-sm" data-testid="template-reset">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="version" value={version} />
      <p className="text-slate-600">{t("adminTemplates.editor.resetHelp")}</p>
      <details>
        <summary className="cursor-pointer">{t("adminTemplates.editor.builtInText")}</summary>
        <p className="mt-1 font-semibold">{builtIn.subject}</p>
        <pre className="whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-xs">{builtIn.bodyHtml}</pre>
      </details>
      <Button variant="secondary" className={buttonClass({ variant: "secondary" })} pending={pendingIntent(navigation, "reset")}>
        {t("adminTemplates.editor.reset")}
      </Button>
    </SecureForm>
  );
}
