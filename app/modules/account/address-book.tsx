import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import { INTENTS, type CountryOption, type FormAnswer } from "./account-fields";
import { BUTTON, FormError } from "./account-input";
import { AddressFields } from "./address-fields";

export const ADDRESS_TYPE_OPTIONS = ["main", "billing", "shipping", "other"] as const;
export type BookAddress = Record<string, string> & { id: string; type: string };

type Props = { addresses: readonly BookAddress[]; countries: readonly CountryOption[]; answer?: FormAnswer | null; busy?: boolean };

/** The profile's addresses (issue 5 §5: create and update, the limits of spec §9): one form per address and one for a new one. */
export function AddressBook({ addresses, countries, answer, busy }: Props) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      {addresses.map((address) => (
        <AddressForm key={address.id} address={address} countries={countries} answer={answer} busy={busy} />
      ))}
      <div>
        <h3 className="mb-2 font-semibold">{t("account.profile.newAddress")}</h3>
        <AddressForm address={null} countries={countries} answer={answer} busy={busy} />
      </div>
    </div>
  );
}

function AddressForm({ address, countries, answer, busy }: { address: BookAddress | null; countries: readonly CountryOption[]; answer?: FormAnswer | null; busy?: boolean }) {
  const { t } = useTranslation();
  const key = address?.id ?? "new";
  // A refusal belongs to the form whose addressId it carries.
  const refused = answer && !answer.ok && answer.intent === INTENTS.address && answer.values.addressId === key ? answer : null;
  const values = refused?.values ?? address ?? {};
  const idPrefix = `address-${key}`;
  return (
    <SecureForm method="post" className="flex flex-col gap-1 rounded border border-slate-200 p-4" data-testid={`address-form-${key}`}>
      <input type="hidden" name="intent" value={INTENTS.address} />
      <input type="hidden" name="addressId" value={key} />
      <label htmlFor={`${idPrefix}-type`} className="text-sm font-semibold">
        {t("account.profile.addressType")}
      </label>
      <select id={`${idPrefix}-type`} name="type" defaultValue={values.type ?? "shipping"} className="mb-3 w-48 rounded border border-slate-300 bg-white px-3 py-2">
        {ADDRESS_TYPE_OPTIONS.map((type) => (
          <option key={type} value={type}>
            {t(`account.addressTypes.${type}`)}
          </option>
        ))}
      </select>
      <AddressFields prefix="" idPrefix={idPrefix} countries={countries} values={values} errors={refused?.errors} enforce />
      <FormError error={refused?.errors.form} testId={`${idPrefix}-error`} />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>
        {t("account.profile.saveAddress")}
      </button>
    </SecureForm>
  );
}
