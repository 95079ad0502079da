import { useTranslation } from "~/lib/i18n";
import { messageText } from "~/lib/validation-message";
import { ADDRESS_LIMITS, EMAIL_MAX, NAME_MAX, PHONE_MAX, REQUIRED_ADDRESS_FIELDS, type AddressField, type CountryOption, type FieldErrors } from "./account-fields";
import { AccountInput } from "./account-input";

type Props = {
  /** "delivery", "billing", or "" for the profile's address form. */
  prefix: string;
  idPrefix: string;
  countries: readonly CountryOption[];
  values?: Partial<Record<string, string>>;
  errors?: FieldErrors;
  /**
   * Whether the browser should demand the required fields. A section that is hidden
   * until a checkbox is ticked passes false without JavaScript (a hidden required input
   * would block the form); the server checks the section whenever it is posted.
   */
  enforce: boolean;
};

const TEXT: { name: Exclude<AddressField, "country">; type: string; max: number; autoComplete: string }[] = [
  { name: "firstName", type: "text", max: NAME_MAX, autoComplete: "given-name" },
  { name: "lastName", type: "text", max: NAME_MAX, autoComplete: "family-name" },
  { name: "contactEmail", type: "email", max: EMAIL_MAX, autoComplete: "email" },
  { name: "contactPhone", type: "tel", max: PHONE_MAX, autoComplete: "tel" },
  { name: "city", type: "text", max: ADDRESS_LIMITS.city, autoComplete: "address-level2" },
  { name: "street", type: "text", max: ADDRESS_LIMITS.street, autoComplete: "address-line1" },
  { name: "houseNumber", type: "text", max: ADDRESS_LIMITS.houseNumber, autoComplete: "off" },
  { name: "zipCode", type: "text", max: ADDRESS_LIMITS.zipCode, autoComplete: "postal-code" },
  { name: "companyName", type: "text", max: ADDRESS_LIMITS.companyName, autoComplete: "organization" },
  { name: "companyOIB", type: "text", max: ADDRESS_LIMITS.companyOIB, autoComplete: "off" },
];

/**
 * The address form (spec §3 Address form, §5 limits: street, city max 75, houseNumber
 * max 15, zipCode max 25; firstName, lastName, contactEmail, contactPhone required). The
 * country is a select of the store's allowed countries by ISO code.
 */
export function AddressFields({ prefix, idPrefix, countries, values = {}, errors = {}, enforce }: Props) {
  const { t, i18n } = useTranslation();
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const countryId = `${idPrefix}-${name("country").replace(/\./g, "-")}`;
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {TEXT.map((field) => (
        <AccountInput
          key={field.name}
          idPrefix={idPrefix}
          name={name(field.name)}
          type={field.type}
          label={t(`account.fields.${field.name}`)}
          required={enforce && REQUIRED_ADDRESS_FIELDS.includes(field.name)}
          maxLength={field.max}
          autoComplete={field.autoComplete}
          inputMode={field.name === "companyOIB" ? "numeric" : undefined}
          pattern={field.name === "companyOIB" ? "\\d{11}" : undefined}
          defaultValue={values[name(field.name)] ?? ""}
          error={errors[name(field.name)]}
        />
      ))}
      <div>
        <label htmlFor={countryId} className="text-sm font-semibold">
          {t("account.fields.country")}
        </label>
        <select
          id={countryId}
          name={name("country")}
          defaultValue={values[name("country")] ?? ""}
          aria-describedby={`${countryId}-error`}
          className="mt-1 w-full rounded border border-slate-300 bg-white px-3 py-2"
        >
          <option value="">{t("account.register.chooseCountry")}</option>
          {countries.map((country) => (
            <option key={country.iso} value={country.iso}>
              {country.name}
            </option>
          ))}
        </select>
        <p id={`${countryId}-error`} className="min-h-5 text-sm text-red-700">
          {messageText({ t, exists: (k) => i18n.exists(k) }, errors[name("country")])}
        </p>
      </div>
    </div>
  );
}
