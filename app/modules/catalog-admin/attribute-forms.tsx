import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { MediaChooser, type MediaChoice } from "~/components/admin/media-chooser";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import type { AttributeFormInput } from "./attribute-admin.schema";
import { FILTER_TYPES } from "./filter-types";

type Label = Partial<Record<string, string>>;
const usePending = (intent: string) => {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
};

function LabelFields({ fields, prefix }: { fields: Record<string, Parameters<typeof Field>[0]["meta"]>; prefix: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-x-4 md:grid-cols-3">
      {LOCALES.map((locale) => (
        <Field
          key={locale}
          meta={fields[locale]}
          label={t("adminCatalog.fields.labelIn", { language: t(`admin.languages.${locale}`) })}
          required={locale === "hr"}
          optional={locale !== "hr"}
          data-testid={`${prefix}-label-${locale}`}
        />
      ))}
    </div>
  );
}

/** The attribute itself: code, type, label per language, unit, filterable, position. */
export function AttributeForm({
  values,
  lastResult,
  constraint,
}: {
  values: { version: number; code: string; type: string; label: Label; unit: string; isFilterable: boolean; position: number };
  lastResult: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<AttributeFormInput>({
    id: "attribute",
    lastResult,
    constraint,
    defaultValue: { ...values, position: String(values.position), isFilterable: values.isFilterable ? "on" : undefined } as never,
  });
  return (
    <SecureForm {...getFormProps(form)} className="space-y-2 rounded border border-slate-200 bg-white p-4" data-testid="attribute-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={values.version} />
      <div className="grid gap-x-4 md:grid-cols-2">
        <Field
          meta={fields.code}
          label={t("adminCatalog.attributes.code")}
          description={t("adminCatalog.attributes.codeHelp")}
          pattern="[a-z0-9_]+"
        />
        <SelectField
          meta={fields.type}
          label={t("adminCatalog.attributes.type")}
          options={FILTER_TYPES.map((type) => ({ value: type, label: t(`adminCatalog.types.${type}`) }))}
        />
        <Field meta={fields.unit} label={t("adminCatalog.attributes.unit")} optional />
        <Field meta={fields.position} type="number" label={t("adminCatalog.attributes.position")} />
      </div>
      <LabelFields fields={fields.label.getFieldset() as never} prefix="attribute" />
      <CheckboxField meta={fields.isFilterable} label={t("adminCatalog.attributes.filterable")} />
      <FormError id={form.errorId} errors={form.errors} testId="attribute-error" />
      <Button pending={usePending("save")}>{t("adminCatalog.save")}</Button>
    </SecureForm>
  );
}

export type ValueValues = { valueId: number | null; value: string; label: Label; swatch: string; mediaId: number | null };

/** Adds a value, or edits the one chosen in the list (?value=id): machine value, label per language, colour or image swatch. */
export function ValueForm({
  version,
  values,
  media,
  lastResult,
  constraint,
}: {
  version: number;
  values: ValueValues;
  media: MediaChoice[];
  lastResult: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const intent = values.valueId ? "editValue" : "addValue";
  const [form, fields] = useShopForm<{ value: string; swatch: string; label: Label }>({
    id: `value-${values.valueId ?? "new"}`,
    lastResult,
    constraint,
    defaultValue: values as never,
  });
  return (
    <SecureForm
      {...getFormProps(form)}
      encType="multipart/form-data"
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="value-form"
    >
      <h3 className="font-semibold">{t(values.valueId ? "adminCatalog.values.edit" : "adminCatalog.values.add")}</h3>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {values.valueId ? <input type="hidden" name="valueId" value={values.valueId} /> : null}
      <div className="grid gap-x-4 md:grid-cols-2">
        <Field
          meta={fields.value}
          label={t("adminCatalog.values.value")}
          description={t("adminCatalog.values.valueHelp")}
          data-testid="value-value"
        />
        <Field
          meta={fields.swatch}
          label={t("adminCatalog.values.swatch")}
          description={t("adminCatalog.values.swatchHelp")}
          optional
          pattern="#[0-9a-fA-F]{6}"
          placeholder={t("adminCatalog.values.swatchPlaceholder")}
          data-testid="value-swatch"
        />
      </div>
      <LabelFields fields={fields.label.getFieldset() as never} prefix="value" />
      <MediaChooser
        name="mediaId"
        uploadName="mediaUpload"
        choices={media}
        selected={values.mediaId ? [values.mediaId] : []}
        multiple={false}
        label={t("adminCatalog.values.image")}
      />
      <FormError id={form.errorId} errors={form.errors} testId="value-error" />
      <Button pending={usePending(intent)}>{t(values.valueId ? "adminCatalog.values.saveEdit" : "adminCatalog.values.saveNew")}</Button>
    </SecureForm>
  );
}
