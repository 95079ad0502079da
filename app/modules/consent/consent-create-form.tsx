import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { SecureForm } from "~/components/form";
import { LOCALES } from "~/lib/locales";
import { messageText } from "~/lib/validation-message";
import { createConsentSchema } from "./consent.schema";

/**
 * The admin's new-consent form. One zod schema gives the HTML constraints (the browser
 * checks without JavaScript), the in-browser check on blur and the action's check; the
 * action's answer (`lastResult`) shows its errors even on a page rendered without JS.
 */
export function CreateConsentForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "create-consent",
    lastResult,
    // conform renders novalidate by default; without it until hydration, a browser with
    // JavaScript off checks the constraints itself (conform turns noValidate on once hydrated).
    defaultNoValidate: false,
    constraint: getZodConstraint(createConsentSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createConsentSchema }),
  });
  const names = fields.displayName.getFieldset();
  return (
    <SecureForm {...getFormProps(form)} action="/admin/consent" className="grid gap-x-4 md:grid-cols-2" data-testid="create-consent">
      <Field label={t("consent.admin.uniqueNumber")} field={fields.uniqueNumber} type="number" />
      <Field label={t("consent.admin.pageSlug")} hint={t("consent.admin.pageSlugHint")} field={fields.pageSlug} />
      {LOCALES.map((lng) => (
        <Field
          key={lng}
          label={t("consent.admin.displayName", { language: t(`site.language.${lng}`) })}
          field={names[lng]}
          optional={lng !== "hr"}
        />
      ))}
      <p id={form.errorId} role="alert" className="min-h-5 text-sm text-red-700 md:col-span-2">
        <Message value={form.errors?.[0]} />
      </p>
      <div>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t("consent.admin.create")}
        </button>
      </div>
    </SecureForm>
  );
}

function Field({
  label,
  hint,
  field,
  type = "text",
  optional = false,
}: {
  label: string;
  hint?: string;
  field: FieldMetadata<string | number | undefined>;
  type?: "text" | "number";
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const { key, ...input } = getInputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined });
  return (
    <div className="block">
      <label htmlFor={field.id} className="text-sm">
        {label}
        {field.required ? <span aria-hidden="true" className="ml-0.5 text-red-700">*</span> : null}
        {optional ? <span className="ml-1 text-xs text-slate-500">({t("consent.admin.optional")})</span> : null}
      </label>
      <input key={key} {...input} className="mt-1 w-full rounded border px-3 py-2" />
      {hint ? (
        <p id={`${field.id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {/* Fixed height: the layout does not jump when a message comes or goes. */}
      <p id={field.errorId} className="min-h-5 text-sm text-red-700">
        <Message value={field.errors?.[0]} />
      </p>
    </div>
  );
}

function Message({ value }: { value: string | undefined }) {
  const { t, i18n } = useTranslation();
  return <>{messageText({ t, exists: (key) => i18n.exists(key) }, value)}</>;
}
