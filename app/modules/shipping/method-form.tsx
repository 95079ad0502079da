import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";

export type MethodFormDefaults = {
  code: string;
  name: Record<string, string>;
  description: Record<string, string>;
  price: string;
  taxRate: string;
  active: string;
};

/**
 * A delivery method's editor (decision 0049): code, name and description per language
 * (Croatian required; an empty translation shows the Croatian text), price with VAT in
 * euros, VAT rate in percent, active.
 */
export function MethodForm({
  defaults,
  version,
  lastResult,
  constraint,
}: {
  defaults?: MethodFormDefaults;
  version?: number;
  lastResult?: unknown;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<MethodFormDefaults>({
    id: "method",
    lastResult: resultFor(lastResult, "save"),
    constraint,
    defaultValue: defaults ?? { code: "", name: {}, description: {}, price: "", taxRate: "25", active: "on" },
  });
  const name = fields.name.getFieldset();
  const description = fields.description.getFieldset();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="method-form"
    >
      <input type="hidden" name="intent" value="save" />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field
          meta={fields.code}
          label={t("adminShipping.fields.code")}
          description={t("adminShipping.fields.codeHelp")}
          autoComplete="off"
        />
        <Field
          meta={fields.price}
          inputMode="decimal"
          label={t("adminShipping.fields.price")}
          description={t("adminShipping.fields.priceHelp")}
        />
        <Field meta={fields.taxRate} type="number" label={t("adminShipping.fields.taxRate")} />
      </div>
      <LanguageTabs idPrefix="method-lang" errors={(l) => Boolean(name[l].errors?.length || description[l].errors?.length)}>
        {(locale) => (
          <>
            <Field meta={name[locale]} label={t("adminShipping.fields.name")} optional={locale !== "hr"} />
            <TextareaField meta={description[locale]} label={t("adminShipping.fields.description")} rows={2} optional />
          </>
        )}
      </LanguageTabs>
      <CheckboxField meta={fields.active} label={t("adminShipping.fields.active")} />
      <FormError id={form.errorId} errors={form.errors} testId="method-error" />
      <Button pending={pending}>{t("adminShipping.save")}</Button>
    </SecureForm>
  );
}
