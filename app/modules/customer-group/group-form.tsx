import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";

export type GroupFormDefaults = { name: Record<string, string>; discount: string };

/**
 * A customer group's editor (decision 0107): its name per language (Croatian required; an
 * empty translation shows the Croatian one) and the percentage off the catalogue price.
 */
export function GroupForm({
  defaults,
  version,
  lastResult,
  constraint,
}: {
  defaults?: GroupFormDefaults;
  version?: number;
  lastResult?: unknown;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<GroupFormDefaults>({
    id: "customer-group",
    lastResult: resultFor(lastResult, "save"),
    constraint,
    defaultValue: defaults ?? { name: {}, discount: "0" },
  });
  const name = fields.name.getFieldset();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="group-form"
    >
      <input type="hidden" name="intent" value="save" />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <LanguageTabs idPrefix="group-lang" errors={(l) => Boolean(name[l].errors?.length)}>
        {(locale) => <Field meta={name[locale]} label={t("adminCustomerGroups.fields.name")} optional={locale !== "hr"} />}
      </LanguageTabs>
      <div className="max-w-xs">
        <Field
          meta={fields.discount}
          inputMode="decimal"
          label={t("adminCustomerGroups.fields.discount")}
          description={t("adminCustomerGroups.fields.discountHelp")}
        />
      </div>
      <FormError id={form.errorId} errors={form.errors} testId="group-error" />
      <Button pending={pending}>{t("adminCustomerGroups.save")}</Button>
    </SecureForm>
  );
}
