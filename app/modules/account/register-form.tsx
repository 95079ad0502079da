import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useState } from "react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import type { FormConsent } from "~/modules/consent/consent-fields";
import { CONSENTS_ERROR, DIFFERENT_BILLING, INTENTS, tickedValues, WITH_ADDRESSES, type CountryOption } from "./account-fields";
import type { RegisterInput } from "./account.schema";
import { AddressFields, type AddressFieldset } from "./address-fields";

type Props = {
  locale: Locale;
  /** getFormConsents("registerForm", locale); null when they could not be loaded. */
  consents: readonly FormConsent[] | null;
  countries: readonly CountryOption[];
  /** The register action's answer, when the last post on this page was a registration. */
  lastResult?: SubmissionResult<string[]> | null;
  /** HTML constraints of registerSchema, from the loader (`formConstraint`). */
  constraint: FormConstraint;
};

/**
 * The registration form (spec §3 Registration form, §5 Register): the simple fields, the
 * optional delivery address and, when 'different billing address' is ticked, the billing
 * one. The address sections are shown by their checkbox through CSS, so they open
 * without JavaScript too.
 */
export function RegisterForm({ locale, consents, countries, lastResult, constraint }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const action = href("register", locale);
  const [form, fields] = useShopForm<RegisterInput>({ id: "register", lastResult: resultFor(lastResult, INTENTS.register), constraint });
  const posted = form.initialValue as Record<string, unknown> | undefined;
  // With JavaScript the browser also demands the open sections' required fields.
  const [withAddresses, setWithAddresses] = useState(posted?.[WITH_ADDRESSES] === "on");
  const [differentBilling, setDifferentBilling] = useState(posted?.[DIFFERENT_BILLING] === "on");
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  if (consents === null) return <FormError errors="error.consentsNotFetched" testId="register-error" />;
  return (
    <SecureForm {...getFormProps(form)} action={action} className="flex flex-col gap-1" data-testid="register-form">
      <input type="hidden" name="intent" value={INTENTS.register} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={fields.firstName} label={t("account.fields.firstName")} autoComplete="given-name" />
        <Field meta={fields.lastName} label={t("account.fields.lastName")} autoComplete="family-name" />
        <Field meta={fields.email} type="email" label={t("account.fields.email")} autoComplete="email" />
        <Field meta={fields.memberCardBarcode} label={t("account.fields.memberCardBarcode")} autoComplete="off" />
        <Field meta={fields.password} type="password" label={t("account.fields.password")} autoComplete="new-password" />
        <Field meta={fields.confirmedPassword} type="password" label={t("account.fields.confirmedPassword")} autoComplete="new-password" />
      </div>
      <div>
        <input
          id={fields.withAddresses.id}
          type="checkbox"
          name={fields.withAddresses.name}
          defaultChecked={withAddresses}
          onChange={(e) => setWithAddresses(e.currentTarget.checked)}
          className="peer mr-2 size-4 accent-brand-600"
        />
        <label htmlFor={fields.withAddresses.id} className="text-sm font-semibold">
          {t("account.register.withAddresses")}
        </label>
        <fieldset className="mt-3 hidden space-y-3 peer-checked:block" data-testid="register-addresses">
          <legend className="font-semibold">{t("account.register.delivery")}</legend>
          <AddressFields fields={fields.delivery.getFieldset() as AddressFieldset} countries={countries} enforce={withAddresses} />
          <div>
            <input
              id={fields.differentBilling.id}
              type="checkbox"
              name={fields.differentBilling.name}
              defaultChecked={differentBilling}
              onChange={(e) => setDifferentBilling(e.currentTarget.checked)}
              className="peer mr-2 size-4 accent-brand-600"
            />
            <label htmlFor={fields.differentBilling.id} className="text-sm font-semibold">
              {t("account.register.differentBilling")}
            </label>
            <fieldset className="mt-3 hidden peer-checked:block" data-testid="register-billing">
              <legend className="font-semibold">{t("account.register.billing")}</legend>
              <AddressFields
                fields={fields.billing.getFieldset() as AddressFieldset}
                countries={countries}
                enforce={withAddresses && differentBilling}
              />
            </fieldset>
          </div>
        </fieldset>
      </div>
      <ConsentCheckboxes
        consents={consents}
        error={form.allErrors[CONSENTS_ERROR]?.[0]}
        defaultChecked={tickedValues(fields.acceptedConsents.initialValue)}
        idPrefix={`${form.id}-${CONSENTS_ERROR}`}
      />
      <FormError id={form.errorId} errors={form.errors} testId="register-error" />
      <Button size="lg" className="self-start" pending={pending}>
        {t("account.register.submit")}
      </Button>
    </SecureForm>
  );
}
