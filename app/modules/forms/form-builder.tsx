import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField, TextareaField, type AnyField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import type { FieldType } from "./form-fields";

const TYPES: FieldType[] = ["text", "email", "tel", "textarea", "select", "checkbox", "file"];
// "After confirmation" (decision 0063); the same list as form-builder.schema.ts, kept here so the browser bundle has no zod.
const GOAL_TYPES = ["none", "message", "url", "file"] as const;

type Texts = { hr: string; en: string; de: string };
type Row = {
  name: string;
  type: string;
  label: Texts;
  required: string;
  maxLength: string;
  options: string;
  position: string;
  remove: string;
};
type Confirmation = { goalType: string; message: Texts; goal: string };
type Defaults = { slug: string; title: Texts; fields: Row[]; confirmation: Confirmation };

/**
 * The form builder (decision 0055): slug, title per language and the fields as rows. It
 * is one plain form, so it works without JavaScript: the empty last row adds a field,
 * "remove" drops one and "position" orders them; saving shows the result (and the preview
 * below the form). See form-builder.schema.ts for the rules.
 */
export function FormBuilder({
  defaults,
  version,
  lastResult,
  constraint,
}: {
  defaults: Defaults;
  version?: number;
  lastResult?: unknown;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<Defaults>({
    id: "form-builder",
    lastResult: resultFor(lastResult, "save"),
    constraint,
    defaultValue: defaults,
  });
  const title = fields.title.getFieldset();
  const rows = fields.fields.getFieldList();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-4 rounded border border-slate-200 bg-white p-4"
      data-testid="form-builder"
    >
      <input type="hidden" name="intent" value="save" />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <Field
        meta={fields.slug as AnyField}
        label={t("adminCommunity.forms.fields.slug")}
        description={t("adminCommunity.forms.fields.slugHelp")}
        autoComplete="off"
      />
      <LanguageTabs idPrefix="form-title" errors={(l) => Boolean(title[l]?.errors?.length)}>
        {(locale) => (
          <Field
            meta={title[locale]}
            label={t("adminCommunity.forms.fields.title", { language: t(`admin.languages.${locale}`) })}
            optional={locale !== "hr"}
          />
        )}
      </LanguageTabs>
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{t("adminCommunity.forms.fields.fields")}</legend>
        <p className="text-sm text-slate-600">{t("adminCommunity.forms.fields.fieldsHelp")}</p>
        <FormError id={fields.fields.errorId} errors={fields.fields.errors} testId="form-fields-error" />
        {rows.map((row, index) => (
          <FieldRow key={row.key ?? row.id} row={row} index={index} last={index === rows.length - 1} />
        ))}
      </fieldset>
      <ConfirmationFields meta={fields.confirmation} />
      <FormError id={form.errorId} errors={form.errors} testId="form-builder-error" />
      <Button pending={pending}>{t("adminCommunity.forms.save")}</Button>
    </SecureForm>
  );
}

function FieldRow({ row, index, last }: { row: FieldMetadata<Row, Defaults, string[]>; index: number; last: boolean }) {
  const { t } = useTranslation();
  const f = row.getFieldset();
  const label = f.label.getFieldset();
  return (
    <div
      className="rounded border border-slate-200 p-3"
      data-testid="form-field-row"
      aria-label={last ? t("adminCommunity.forms.fields.newField") : t("adminCommunity.forms.fields.fieldN", { n: index + 1 })}
      role="group"
    >
      <p className="mb-2 text-sm font-semibold">
        {last ? t("adminCommunity.forms.fields.newField") : t("adminCommunity.forms.fields.fieldN", { n: index + 1 })}
      </p>
      <div className="grid gap-x-4 sm:grid-cols-4">
        <Field meta={f.name} label={t("adminCommunity.forms.fields.name")} autoComplete="off" optional={last} />
        <SelectField
          meta={f.type}
          label={t("adminCommunity.forms.fields.type")}
          options={TYPES.map((type) => ({ value: type, label: t(`adminCommunity.forms.types.${type}`) }))}
        />
        <Field
          meta={f.maxLength}
          type="number"
          label={t("adminCommunity.forms.fields.maxLength")}
          description={t("adminCommunity.forms.fields.maxLengthHelp")}
          optional
        />
        <Field meta={f.position} type="number" label={t("adminCommunity.forms.fields.position")} optional />
        {LOCALES.map((locale) => (
          <Field
            key={locale}
            meta={label[locale]}
            label={t("adminCommunity.forms.fields.label", { language: t(`admin.languages.${locale}`) })}
            optional={last || locale !== "hr"}
          />
        ))}
      </div>
      <TextareaField
        meta={f.options}
        label={t("adminCommunity.forms.fields.options")}
        description={t("adminCommunity.forms.fields.optionsHelp")}
        rows={2}
        optional
      />
      <div className="flex flex-wrap gap-6">
        <CheckboxField meta={f.required} label={t("adminCommunity.forms.fields.required")} />
        {!last ? <CheckboxField meta={f.remove} label={t("adminCommunity.forms.fields.remove")} /> : null}
      </div>
    </div>
  );
}

/** Whether the sender confirms their e-mail address first, and what they see afterwards (decision 0063). */
function ConfirmationFields({ meta }: { meta: FieldMetadata<Confirmation, Defaults, string[]> }) {
  const { t } = useTranslation();
  const f = meta.getFieldset();
  const message = f.message.getFieldset();
  return (
    <fieldset className="space-y-3" data-testid="form-confirmation">
      <legend className="text-lg font-semibold">{t("adminCommunity.forms.fields.confirmation")}</legend>
      <p className="text-sm text-slate-600">{t("adminCommunity.forms.fields.confirmationHelp")}</p>
      <SelectField
        meta={f.goalType}
        label={t("adminCommunity.forms.fields.goalType")}
        options={GOAL_TYPES.map((type) => ({ value: type, label: t(`adminCommunity.forms.goalTypes.${type}`) }))}
      />
      <LanguageTabs idPrefix="form-goal-message" errors={(l) => Boolean(message[l]?.errors?.length)}>
        {(locale) => (
          <TextareaField
            meta={message[locale]}
            label={t("adminCommunity.forms.fields.goalMessage", { language: t(`admin.languages.${locale}`) })}
            rows={3}
            optional
          />
        )}
      </LanguageTabs>
      <Field
        meta={f.goal}
        label={t("adminCommunity.forms.fields.goal")}
        description={t("adminCommunity.forms.fields.goalHelp")}
        autoComplete="off"
        optional
      />
    </fieldset>
  );
}
