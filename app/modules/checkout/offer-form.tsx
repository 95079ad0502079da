import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { submissionOf, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { CountryOption } from "~/modules/account/account-fields";
import { AddressFields, type AddressFieldset } from "~/modules/account/address-fields";
import { nestedValues } from "~/modules/checkout/checkout-fields";
import type { AcceptOfferInput } from "~/modules/checkout/order-offer.schema";

type Props = {
  token: string;
  methods: { id: number; name: string; description: string }[];
  countries: CountryOption[];
  /** The form's start: flat names ("delivery.city"), as the loader prefills them. */
  values: Record<string, string>;
  constraint: FormConstraint;
  /** The action's answer: a refused post, its field errors and what was typed. */
  lastResult: unknown;
};

/**
 * Accepting an offer (docs/decisions/0076 addendum): the delivery address and the billing
 * one with checkout's address fields (AddressFields), 'same as delivery' ticked by default
 * (the billing section then hidden by CSS, so it works without JavaScript), and the way of
 * paying. A refused post shows its messages at the fields and keeps what was typed.
 */
export function OfferForm({ token, methods, countries, values, constraint, lastResult }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<AcceptOfferInput>({
    id: "offer",
    lastResult: submissionOf(lastResult),
    constraint,
    defaultValue: nestedValues(values),
  });
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  const chosen = String(initial.methodId ?? methods[0]?.id ?? "");
  return (
    <SecureForm {...getFormProps(form)} className="mt-6 flex flex-col gap-4" data-testid="offer-form">
      <input type="hidden" name={fields.token.name} value={token} />
      <fieldset data-testid="offer-delivery">
        <legend className="mb-2 font-semibold">{t("checkout.address.delivery")}</legend>
        <AddressFields fields={fields.delivery.getFieldset() as AddressFieldset} countries={countries} enforce countryRequired />
      </fieldset>
      <div>
        <input
          id={fields.sameBilling.id}
          type="checkbox"
          name={fields.sameBilling.name}
          defaultChecked={initial.sameBilling === "on"}
          className="peer mr-2 size-4 accent-brand-600"
        />
        <label htmlFor={fields.sameBilling.id} className="text-sm font-semibold">
          {t("checkout.offer.sameBilling")}
        </label>
        <fieldset className="mt-3 peer-checked:hidden" data-testid="offer-billing">
          <legend className="mb-2 font-semibold">{t("checkout.address.billing")}</legend>
          <AddressFields fields={fields.billing.getFieldset() as AddressFieldset} countries={countries} enforce={false} countryRequired />
        </fieldset>
      </div>
      <fieldset className="space-y-2" aria-describedby={fields.methodId.errorId}>
        <legend className="font-semibold">{t("checkout.offer.payWith")}</legend>
        {methods.map((m) => (
          <label key={m.id} className="flex items-start gap-2">
            <input
              type="radio"
              name={fields.methodId.name}
              value={m.id}
              defaultChecked={chosen === String(m.id)}
              required
              className="mt-1"
            />
            <span>
              <span className="block font-semibold">{m.name}</span>
              {m.description ? <span className="block text-sm text-slate-600">{m.description}</span> : null}
            </span>
          </label>
        ))}
        <FormError id={fields.methodId.errorId} errors={fields.methodId.errors} testId="offer-method-error" />
      </fieldset>
      <FormError id={form.errorId} errors={form.errors} testId="offer-error" />
      <Button size="lg" className="self-start" pending={navigation.state === "submitting"}>
        {t("checkout.offer.pay")}
      </Button>
    </SecureForm>
  );
}
