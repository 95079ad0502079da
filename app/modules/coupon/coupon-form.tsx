import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { COUPON_TYPES } from "./coupon-state";

export type CouponFormDefaults = Record<string, string>;

/**
 * The coupon editor (decision 0049): one form for a new coupon and for changing one. The
 * value field of each kind is always there (percent for a percentage, amount for a fixed
 * discount), so the form works without JavaScript; the other one is ignored.
 */
export function CouponForm({
  defaults,
  version,
  lastResult,
  constraint,
}: {
  defaults?: CouponFormDefaults;
  version?: number;
  lastResult?: unknown;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<Record<string, string>>({
    id: "coupon",
    lastResult: resultFor(lastResult, "save"),
    constraint,
    defaultValue: defaults ?? { type: "percent", active: "on" },
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="coupon-form"
    >
      <input type="hidden" name="intent" value="save" />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          meta={fields.code}
          label={t("adminCoupons.fields.code")}
          description={t("adminCoupons.fields.codeHelp")}
          autoComplete="off"
          className="uppercase"
        />
        <SelectField
          meta={fields.type}
          label={t("adminCoupons.fields.type")}
          options={COUPON_TYPES.map((type) => ({ value: type, label: t(`adminCoupons.type.${type}`) }))}
        />
        <Field
          meta={fields.percent}
          type="number"
          label={t("adminCoupons.fields.percent")}
          description={t("adminCoupons.fields.percentHelp")}
          optional
        />
        <Field
          meta={fields.amount}
          inputMode="decimal"
          label={t("adminCoupons.fields.amount")}
          description={t("adminCoupons.fields.moneyHelp")}
          optional
        />
        <Field
          meta={fields.minCart}
          inputMode="decimal"
          label={t("adminCoupons.fields.minCart")}
          description={t("adminCoupons.fields.moneyHelp")}
          optional
        />
        <div />
        <Field
          meta={fields.usageLimit}
          type="number"
          label={t("adminCoupons.fields.usageLimit")}
          description={t("adminCoupons.fields.unlimitedHelp")}
          optional
        />
        <Field
          meta={fields.perCustomerLimit}
          type="number"
          label={t("adminCoupons.fields.perCustomerLimit")}
          description={t("adminCoupons.fields.perCustomerHelp")}
          optional
        />
        <Field meta={fields.validFrom} type="date" label={t("adminCoupons.fields.validFrom")} optional />
        <Field meta={fields.validTo} type="date" label={t("adminCoupons.fields.validTo")} optional />
      </div>
      <TextareaField
        meta={fields.products}
        label={t("adminCoupons.fields.products")}
        description={t("adminCoupons.fields.productsHelp")}
        rows={3}
        optional
      />
      <TextareaField
        meta={fields.note}
        label={t("adminCoupons.fields.note")}
        description={t("adminCoupons.fields.noteHelp")}
        rows={2}
        optional
      />
      <CheckboxField meta={fields.active} label={t("adminCoupons.fields.active")} />
      <FormError id={form.errorId} errors={form.errors} testId="coupon-error" />
      <Button pending={pending}>{t("adminCoupons.save")}</Button>
    </SecureForm>
  );
}
