import { useState } from "react";
import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import type { FormConsent } from "~/modules/consent/consent-fields";
import {
  BARCODE_MAX,
  BILLING,
  DELIVERY,
  DIFFERENT_BILLING,
  EMAIL_MAX,
  INTENTS,
  NAME_MAX,
  PASSWORD_MIN,
  WITH_ADDRESSES,
  type CountryOption,
  type FormAnswer,
} from "./account-fields";
import { AccountInput, BUTTON, FormError } from "./account-input";
import { AddressFields } from "./address-fields";

type Props = {
  locale: Locale;
  /** getFormConsents("registerForm", locale); null when they could not be loaded. */
  consents: readonly FormConsent[] | null;
  countries: readonly CountryOption[];
  answer?: FormAnswer | null;
  busy?: boolean;
};

const SIMPLE = [
  { name: "firstName", type: "text", required: true, max: NAME_MAX, autoComplete: "given-name" },
  { name: "lastName", type: "text", required: true, max: NAME_MAX, autoComplete: "family-name" },
  { name: "email", type: "email", required: true, max: EMAIL_MAX, autoComplete: "email" },
] as const;

/**
 * The registration form (spec §3 Registration form, §5 Register): the simple fields, the
 * optional delivery address and, when 'different billing address' is ticked, the billing
 * one. The address sections are shown by their checkbox through CSS, so they open
 * without JavaScript too.
 */
export function RegisterForm({ locale, consents, countries, answer, busy }: Props) {
  const { t } = useTranslation();
  const refused = answer && !answer.ok && answer.intent === INTENTS.register ? answer : null;
  const values = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  // With JavaScript the browser also demands the open sections' required fields.
  const [withAddresses, setWithAddresses] = useState(values[WITH_ADDRESSES] === "on");
  const [differentBilling, setDifferentBilling] = useState(values[DIFFERENT_BILLING] === "on");
  if (consents === null) return <FormError error="error.consentsNotFetched" testId="register-error" />;
  return (
    <SecureForm action={href("register", locale)} className="flex flex-col gap-1" data-testid="register-form">
      <input type="hidden" name="intent" value={INTENTS.register} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {SIMPLE.map((field) => (
          <AccountInput
            key={field.name}
            idPrefix="register"
            name={field.name}
            type={field.type}
            label={t(`account.fields.${field.name}`)}
            required={field.required}
            maxLength={field.max}
            autoComplete={field.autoComplete}
            defaultValue={values[field.name] ?? ""}
            error={errors[field.name]}
          />
        ))}
        <AccountInput
          idPrefix="register"
          name="memberCardBarcode"
          label={t("account.fields.memberCardBarcode")}
          maxLength={BARCODE_MAX}
          autoComplete="off"
          defaultValue={values.memberCardBarcode ?? ""}
          error={errors.memberCardBarcode}
        />
        <AccountInput idPrefix="register" name="password" type="password" label={t("account.fields.password")} required minLength={PASSWORD_MIN} autoComplete="new-password" error={errors.password} />
        <AccountInput
          idPrefix="register"
          name="confirmedPassword"
          type="password"
          label={t("account.fields.confirmedPassword")}
          required
          minLength={PASSWORD_MIN}
          autoComplete="new-password"
          error={errors.confirmedPassword}
        />
      </div>
      <div>
        <input
          id="register-with-addresses"
          type="checkbox"
          name={WITH_ADDRESSES}
          defaultChecked={withAddresses}
          onChange={(e) => setWithAddresses(e.currentTarget.checked)}
          className="peer mr-2 size-4 accent-brand-600"
        />
        <label htmlFor="register-with-addresses" className="text-sm font-semibold">
          {t("account.register.withAddresses")}
        </label>
        <fieldset className="mt-3 hidden space-y-3 peer-checked:block" data-testid="register-addresses">
          <legend className="font-semibold">{t("account.register.delivery")}</legend>
          <AddressFields prefix={DELIVERY} idPrefix="register" countries={countries} values={values} errors={errors} enforce={withAddresses} />
          <div>
            <input
              id="register-different-billing"
              type="checkbox"
              name={DIFFERENT_BILLING}
              defaultChecked={differentBilling}
              onChange={(e) => setDifferentBilling(e.currentTarget.checked)}
              className="peer mr-2 size-4 accent-brand-600"
            />
            <label htmlFor="register-different-billing" className="text-sm font-semibold">
              {t("account.register.differentBilling")}
            </label>
            <fieldset className="mt-3 hidden peer-checked:block" data-testid="register-billing">
              <legend className="font-semibold">{t("account.register.billing")}</legend>
              <AddressFields prefix={BILLING} idPrefix="register" countries={countries} values={values} errors={errors} enforce={withAddresses && differentBilling} />
            </fieldset>
          </div>
        </fieldset>
      </div>
      <ConsentCheckboxes consents={consents} error={errors.consents} defaultChecked={refused?.accepted} idPrefix="register-consents" />
      <FormError error={errors.form} testId="register-error" />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>
        {t("account.register.submit")}
      </button>
    </SecureForm>
  );
}
