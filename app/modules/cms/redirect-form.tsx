import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";

/** A redirect's form (decision 0055): from (a local path), to (a local path or an address on the shop's PUBLIC_URL), 301 or 302. */
export function RedirectForm({
  defaults,
  version,
  constraint,
  lastResult,
}: {
  defaults: { fromPath: string; toPath: string; status: string };
  version?: number;
  constraint: FormConstraint;
  lastResult?: unknown;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<typeof defaults>({
    id: "redirect",
    lastResult: resultFor(lastResult, "save"),
    constraint,
    defaultValue: defaults,
  });
  return (
    <SecureForm {...getFormProps(form)} className="space-y-2 rounded border border-slate-200 bg-white p-4" data-testid="redirect-form">
      <input type="hidden" name="intent" value="save" />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <Field
        meta={fields.fromPath}
        label={t("adminCommunity.redirects.fields.fromPath")}
        description={t("adminCommunity.redirects.fields.fromHelp")}
        autoComplete="off"
      />
      <Field
        meta={fields.toPath}
        label={t("adminCommunity.redirects.fields.toPath")}
        description={t("adminCommunity.redirects.fields.toHelp")}
        autoComplete="off"
      />
      <SelectField
        meta={fields.status}
        label={t("adminCommunity.redirects.fields.status")}
        options={[301, 302].map((s) => ({ value: String(s), label: t(`adminCommunity.redirects.status.${s}`) }))}
      />
      <FormError id={form.errorId} errors={form.errors} testId="redirect-error" />
      <Button pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}>
        {t("adminCommunity.redirects.save")}
      </Button>
    </SecureForm>
  );
}
