import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { StepUpField } from "~/modules/staff/step-up-field";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";

type Defaults = {
  name: Record<string, string>;
  description: Record<string, string>;
  active: string;
  bank?: Record<string, string>;
};
type CardSetup = { secret: boolean; providerUrl: boolean; available: boolean };

/**
 * A payment method's editor (decision 0049): names and descriptions per language,
 * active, and its gateway's settings — the bank account of a bank transfer; for a card,
 * only whether the provider keys are configured in the environment; cash on delivery has
 * none (the cart engine knows no surcharge).
 */
export function PaymentMethodForm({
  gateway,
  defaults,
  version,
  card,
  lastResult,
  constraint,
  stepUp = false,
}: {
  gateway: string;
  defaults: Defaults;
  version: number;
  card: CardSetup | null;
  lastResult?: unknown;
  constraint: FormConstraint;
  /** The password field of decision 0086's step-up. */
  stepUp?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<Defaults>({
    id: "payment",
    lastResult: resultFor(lastResult, "save"),
    constraint,
    defaultValue: defaults,
  });
  const name = fields.name.getFieldset();
  const description = fields.description.getFieldset();
  const bank = fields.bank.getFieldset();
  const yesNo = (on: boolean) => (on ? t("adminShipping.payments.configured") : t("adminShipping.payments.notConfigured"));
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="payment-form"
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <LanguageTabs idPrefix="payment-lang" errors={(l) => Boolean(name[l].errors?.length || description[l].errors?.length)}>
        {(locale) => (
          <>
            <Field meta={name[locale]} label={t("adminShipping.fields.name")} optional={locale !== "hr"} />
            <TextareaField meta={description[locale]} label={t("adminShipping.fields.description")} rows={2} optional />
          </>
        )}
      </LanguageTabs>
      <CheckboxField meta={fields.active} label={t("adminShipping.fields.active")} />
      {gateway === "bankTransfer" ? (
        <fieldset className="grid gap-x-4 rounded border border-slate-200 p-3 sm:grid-cols-2" data-testid="bank-settings">
          <legend className="px-1 text-sm font-semibold">{t("adminShipping.payments.bank.title")}</legend>
          <Field
            meta={bank.accountHolder}
            label={t("adminShipping.payments.bank.accountHolder")}
            description={t("adminShipping.payments.bank.sellerFallback")}
            optional
          />
          <Field
            meta={bank.iban}
            label={t("adminShipping.payments.bank.iban")}
            description={t("adminShipping.payments.bank.sellerFallback")}
            optional
            autoComplete="off"
          />
          <Field meta={bank.bankName} label={t("adminShipping.payments.bank.bankName")} optional />
          <Field
            meta={bank.model}
            label={t("adminShipping.payments.bank.model")}
            description={t("adminShipping.payments.bank.modelHelp")}
            optional
          />
          <Field
            meta={bank.referencePrefix}
            label={t("adminShipping.payments.bank.referencePrefix")}
            description={t("adminShipping.payments.bank.referencePrefixHelp")}
            optional
            inputMode="numeric"
          />
        </fieldset>
      ) : null}
      {card ? (
        <dl
          className="grid grid-cols-[max-content_minmax(0,1fr)] [overflow-wrap:anywhere] gap-x-4 gap-y-1 rounded border border-slate-200 p-3 text-sm"
          data-testid="card-setup"
        >
          <dt className="font-semibold">{t("adminShipping.payments.card.secret")}</dt>
          <dd data-testid="card-secret">{yesNo(card.secret)}</dd>
          <dt className="font-semibold">{t("adminShipping.payments.card.providerUrl")}</dt>
          <dd data-testid="card-provider">{yesNo(card.providerUrl)}</dd>
          <dt className="font-semibold">{t("adminShipping.payments.card.available")}</dt>
          <dd>{card.available ? t("adminShipping.on") : t("adminShipping.off")}</dd>
          <dd className="col-span-2 text-xs text-slate-600">{t("adminShipping.payments.card.help")}</dd>
        </dl>
      ) : null}
      {gateway === "cashOnDelivery" ? <p className="text-sm text-slate-600">{t("adminShipping.payments.codHelp")}</p> : null}
      <StepUpField needed={stepUp} />
      <FormError id={form.errorId} errors={form.errors} testId="payment-error" />
      <Button pending={navigation.state === "submitting"}>{t("adminShipping.save")}</Button>
    </SecureForm>
  );
}
