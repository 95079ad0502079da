import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { ADDRESS_TYPE_OPTIONS, INTENTS, type CountryOption } from "./account-fields";
import type { AddressBookInput } from "./account.schema";
import { AddressFields } from "./address-fields";

export { ADDRESS_TYPE_OPTIONS } from "./account-fields";
export type BookAddress = Record<string, string> & { id: string; type: string };

type Props = {
  addresses: readonly BookAddress[];
  countries: readonly CountryOption[];
  /** The profile action's answer; it belongs to the form whose addressId it carries. */
  lastResult?: unknown;
  /** HTML constraints of addressBookSchema, from the loader (`formConstraint`). */
  constraint: FormConstraint;
};

/** The profile's addresses (create and update, the limits of spec §9; decision 0010): one form per address and one for a new one. */
export function AddressBook({ addresses, countries, lastResult, constraint }: Props) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      {addresses.map((address) => (
        <AddressForm key={address.id} address={address} countries={countries} lastResult={lastResult} constraint={constraint} />
      ))}
      <div>
        <h3 className="mb-2 font-semibold">{t("account.profile.newAddress")}</h3>
        <AddressForm address={null} countries={countries} lastResult={lastResult} constraint={constraint} />
      </div>
    </div>
  );
}

function AddressForm({ address, countries, lastResult, constraint }: { address: BookAddress | null } & Omit<Props, "addresses">) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const key = address?.id ?? "new";
  const answer = resultFor(lastResult, INTENTS.address);
  const [form, fields] = useShopForm<AddressBookInput>({
    id: `address-${key}`,
    lastResult: answer?.initialValue?.addressId === key ? answer : null,
    constraint,
    defaultValue: address ?? { type: "shipping" },
  });
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === INTENTS.address &&
    navigation.formData?.get("addressId") === key;
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="flex flex-col gap-1 rounded border border-slate-200 p-4"
      data-testid={`address-form-${key}`}
    >
      <input type="hidden" name="intent" value={INTENTS.address} />
      <input type="hidden" name="addressId" value={key} />
      <SelectField
        meta={fields.type}
        label={t("account.profile.addressType")}
        className="w-48"
        options={ADDRESS_TYPE_OPTIONS.map((type) => ({ value: type, label: t(`account.addressTypes.${type}`) }))}
      />
      <AddressFields fields={fields} countries={countries} enforce />
      <FormError id={form.errorId} errors={form.errors} testId={`address-${key}-error`} />
      <Button size="lg" className="self-start" pending={pending}>
        {t("account.profile.saveAddress")}
      </Button>
    </SecureForm>
  );
}
