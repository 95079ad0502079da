import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { ADDRESS_TYPE_OPTIONS, INTENTS, type CountryOption, type DefaultAddressKind } from "./account-fields";
import type { AddressBookInput } from "./account.schema";
import { AddressFields } from "./address-fields";

export { ADDRESS_TYPE_OPTIONS } from "./account-fields";
export type BookAddress = Record<string, string> & { id: string; type: string };
/** The ids of the customer's default delivery and billing addresses (decision 0129). */
export type DefaultAddressIds = Record<DefaultAddressKind, string | null>;

type Props = {
  addresses: readonly BookAddress[];
  defaults: DefaultAddressIds;
  countries: readonly CountryOption[];
  /** The profile action's answer; it belongs to the form whose addressId it carries. */
  lastResult?: unknown;
  /** HTML constraints of addressBookSchema, from the loader (`formConstraint`). */
  constraint: FormConstraint;
};

/**
 * The profile's addresses (create and update, the limits of spec §9; decision 0010): one form per
 * address and one for a new one; beside each saved one, its buttons: make it the default delivery
 * or billing address, delete it (decision 0129). Plain posts: they work without JavaScript.
 */
export function AddressBook({ addresses, defaults, countries, lastResult, constraint }: Props) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      {addresses.map((address) => (
        <div key={address.id} className="rounded border border-slate-200 p-4">
          <AddressButtons id={address.id} defaults={defaults} />
          <AddressForm address={address} countries={countries} lastResult={lastResult} constraint={constraint} />
        </div>
      ))}
      <div>
        <h3 className="mb-2 font-semibold">{t("account.profile.newAddress")}</h3>
        <AddressForm address={null} countries={countries} lastResult={lastResult} constraint={constraint} />
      </div>
    </div>
  );
}

/** A saved address's defaults (a badge, or a button making it one) and its delete button. */
function AddressButtons({ id, defaults }: { id: string; defaults: DefaultAddressIds }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const posting = (intent: string, kind?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("addressId") === id &&
    (kind === undefined || navigation.formData?.get("kind") === kind);
  const kinds = [
    { kind: "delivery", badge: "account.profile.defaultDelivery", button: "account.profile.makeDefaultDelivery" },
    { kind: "billing", badge: "account.profile.defaultBilling", button: "account.profile.makeDefaultBilling" },
  ] as const;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" data-testid={`address-buttons-${id}`}>
      {kinds.map(({ kind, badge, button }) =>
        defaults[kind] === id ? (
          <span key={kind} className="rounded bg-brand-50 px-2 py-1 text-sm font-semibold text-brand-800" data-testid={`default-${kind}`}>
            {t(badge)}
          </span>
        ) : (
          <SecureForm key={kind} method="post">
            <input type="hidden" name="intent" value={INTENTS.addressDefault} />
            <input type="hidden" name="addressId" value={id} />
            <input type="hidden" name="kind" value={kind} />
            <Button variant="secondary" size="sm" pending={posting(INTENTS.addressDefault, kind)} data-testid={`make-default-${kind}`}>
              {t(button)}
            </Button>
          </SecureForm>
        ),
      )}
      <SecureForm method="post" className="ml-auto">
        <input type="hidden" name="intent" value={INTENTS.addressDelete} />
        <input type="hidden" name="addressId" value={id} />
        <Button variant="dangerGhost" size="sm" pending={posting(INTENTS.addressDelete)} data-testid="delete-address">
          {t("account.profile.deleteAddress")}
        </Button>
      </SecureForm>
    </div>
  );
}

function AddressForm({
  address,
  countries,
  lastResult,
  constraint,
}: { address: BookAddress | null } & Omit<Props, "addresses" | "defaults">) {
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
      className={`flex flex-col gap-1 ${address ? "" : "rounded border border-slate-200 p-4"}`}
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
