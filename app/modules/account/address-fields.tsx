import type { AnyField } from "~/components/ui/field";
import { Field, SelectField } from "~/components/ui/field";
import { useTranslation } from "~/lib/i18n";
import type { AddressField, CountryOption } from "./account-fields";

/** The conform fields of one address: the form's own (address book) or a nested fieldset ("delivery", "billing"). */
export type AddressFieldset = Record<AddressField, AnyField>;

type Props = {
  fields: AddressFieldset;
  countries: readonly CountryOption[];
  /**
   * Whether the browser should demand the required fields. A section that is hidden
   * until a checkbox is ticked passes false without JavaScript (a hidden required input
   * would block the form); the server checks the section whenever it is posted.
   */
  enforce: boolean;
  /** Checkout needs a country to deliver to (the address book does not): the select is required and starred. */
  countryRequired?: boolean;
};

const TEXT: { name: Exclude<AddressField, "country">; type: "text" | "email" | "tel"; autoComplete: string; numeric?: boolean }[] = [
  { name: "firstName", type: "text", autoComplete: "given-name" },
  { name: "lastName", type: "text", autoComplete: "family-name" },
  { name: "contactEmail", type: "email", autoComplete: "email" },
  { name: "contactPhone", type: "tel", autoComplete: "tel" },
  { name: "city", type: "text", autoComplete: "address-level2" },
  { name: "street", type: "text", autoComplete: "address-line1" },
  { name: "houseNumber", type: "text", autoComplete: "off" },
  { name: "zipCode", type: "text", autoComplete: "postal-code" },
  { name: "companyName", type: "text", autoComplete: "organization" },
  { name: "companyOIB", type: "text", autoComplete: "off", numeric: true },
];

/**
 * The address form (spec §3 Address form, §5 limits: street, city max 75, houseNumber
 * max 15, zipCode max 25; firstName, lastName, contactEmail, contactPhone required; the
 * limits come from addressSchema through the loader's constraint). The country is a
 * select of the store's allowed countries by ISO code.
 */
export function AddressFields({ fields, countries, enforce, countryRequired = false }: Props) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {TEXT.map((field) => (
        <Field
          key={field.name}
          meta={fields[field.name]}
          type={field.type}
          label={t(`account.fields.${field.name}`)}
          required={enforce ? undefined : false}
          // Not demanded by the browser, still required when posted: starred and announced, so every required field looks and reads the same.
          starred={!enforce && fields[field.name].required}
          aria-required={!enforce && fields[field.name].required ? true : undefined}
          autoComplete={field.autoComplete}
          inputMode={field.numeric ? "numeric" : undefined}
        />
      ))}
      <SelectField
        meta={fields.country}
        label={t("account.fields.country")}
        placeholder={t("account.register.chooseCountry")}
        required={countryRequired && enforce ? true : undefined}
        starred={countryRequired && !enforce}
        aria-required={countryRequired ? true : undefined}
        options={countries.map((country) => ({ value: country.iso, label: country.name }))}
      />
    </div>
  );
}
