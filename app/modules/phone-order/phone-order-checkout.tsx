import { getFormProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { formatPrice } from "~/lib/format";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { AddressFields, type AddressFieldset } from "~/modules/account/address-fields";
import { nestedValues } from "~/modules/checkout/checkout-fields";
import type { PhoneOrderPage } from "./phone-order-page.server";
import type { AddressPostInput } from "./phone-order.schema";
import type { ShippingStepInput } from "~/modules/checkout/checkout.schema";

type Props = { page: PhoneOrderPage; answer: unknown; constraints: Record<"address" | "shipping" | "place", FormConstraint> };

/**
 * The phone order's checkout part (decision 0109): the addresses with checkout's fields
 * (a saved address of the customer picked by a link, so it works without JavaScript), the
 * delivery method and branch, then the way of paying, the note and "Naruči".
 */
export function PhoneOrderCheckout({ page, answer, constraints }: Props) {
  return (
    <>
      <AddressForm page={page} answer={answer} constraint={constraints.address} />
      <ShippingForm page={page} answer={answer} constraint={constraints.shipping} />
      <PlaceForm page={page} answer={answer} constraint={constraints.place} />
    </>
  );
}

const BOX = "space-y-3 rounded border border-slate-200 bg-white p-4";

function AddressForm({ page, answer, constraint }: { page: PhoneOrderPage; answer: unknown; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<AddressPostInput>({
    id: "phone-address",
    lastResult: resultFor(answer, "address"),
    constraint,
    defaultValue: nestedValues(page.addressValues),
  });
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  return (
    <section className={BOX} data-testid="phone-order-address">
      <h2 className="text-lg font-semibold">{t("adminOrders.phone.addresses")}</h2>
      {page.savedAddresses.length > 0 ? (
        <nav aria-label={t("adminOrders.phone.savedAddresses")} className="text-sm">
          <span className="font-semibold">{t("adminOrders.phone.savedAddresses")}: </span>
          {page.savedAddresses.map((a) => (
            <Link key={a.id} to={`?address=${a.id}`} className="mr-3 text-brand-700 underline" preventScrollReset>
              {a.lines.slice(0, 3).join(", ")}
            </Link>
          ))}
        </nav>
      ) : null}
      <SecureForm {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="address" />
        <fieldset>
          <legend className="mb-2 font-semibold">{t("checkout.address.delivery")}</legend>
          <AddressFields fields={fields.delivery.getFieldset() as AddressFieldset} countries={page.countries} enforce countryRequired />
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
          <fieldset className="mt-3 peer-checked:hidden">
            <legend className="mb-2 font-semibold">{t("checkout.address.billing")}</legend>
            <AddressFields
              fields={fields.billing.getFieldset() as AddressFieldset}
              countries={page.countries}
              enforce={false}
              countryRequired
            />
          </fieldset>
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <Button variant="secondary">{t("adminOrders.phone.saveAddresses")}</Button>
        {page.addressSaved ? <p className="text-sm text-green-700">{t("adminOrders.phone.addressesSaved")}</p> : null}
      </SecureForm>
    </section>
  );
}

function ShippingForm({ page, answer, constraint }: { page: PhoneOrderPage; answer: unknown; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const { methods, methodId, branchId } = page.shipping;
  const [form, fields] = useShopForm<ShippingStepInput>({
    id: "phone-shipping",
    lastResult: resultFor(answer, "shipping"),
    constraint,
    defaultValue: methodId !== null && branchId !== null ? { branchId: { [methodId]: String(branchId) } } : undefined,
  });
  const branches = fields.branchId.getFieldset();
  const money = (cents: number) => formatPrice(cents, page.currency, page.locale, { symbol: true });
  if (page.cart.digitalOnly) return null;
  return (
    <section className={BOX} data-testid="phone-order-shipping">
      <h2 className="text-lg font-semibold">{t("checkout.steps.shipping")}</h2>
      <SecureForm {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="intent" value="shipping" />
        {methods.map((m) => (
          <div key={m.id} className="rounded border border-slate-200 p-2">
            <label className="flex items-start gap-2">
              <input type="radio" name={fields.methodId.name} value={m.id} defaultChecked={methodId === m.id} className="mt-1" />
              <span>
                <span className="font-semibold">{m.name}</span>{" "}
                <span className="text-sm text-slate-600">({m.priceCents ? money(m.priceCents) : t("checkout.shipping.free")})</span>
              </span>
            </label>
            {m.options.length ? (
              <SelectField
                meta={branches[String(m.id)]}
                label={t("adminOrders.phone.branch")}
                placeholder={t("checkout.shipping.chooseBranch")}
                options={m.options.map((o) => ({ value: String(o.id), label: `${o.name}, ${o.address}` }))}
                className="mt-2 pl-6"
              />
            ) : null}
          </div>
        ))}
        <FormError id={form.errorId} errors={fields.methodId.errors ?? form.errors} />
        <Button variant="secondary">{t("adminOrders.phone.saveShipping")}</Button>
      </SecureForm>
    </section>
  );
}

function PlaceForm({ page, answer, constraint }: { page: PhoneOrderPage; answer: unknown; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<Record<string, string>>({
    id: "phone-place",
    lastResult: resultFor(answer, "place"),
    constraint,
    defaultValue: { note: page.cart.instructions },
  });
  const posted = fields.methodId.initialValue;
  const chosen = posted ? Number(posted) : (page.paymentMethodId ?? page.payments[0]?.id);
  return (
    <section className={BOX} data-testid="phone-order-place">
      <h2 className="text-lg font-semibold">{t("checkout.steps.payment")}</h2>
      <SecureForm {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="place" />
        <fieldset className="space-y-1" aria-describedby={fields.methodId.errorId}>
          <legend className="font-semibold">{t("adminOrders.phone.payWith")}</legend>
          {page.payments.map((m) => (
            <label key={m.id} className="flex items-center gap-2">
              <input type="radio" name={fields.methodId.name} value={m.id} defaultChecked={chosen === m.id} required />
              {m.name}
              {m.gateway === "card" ? <span className="text-sm text-slate-600">({t("adminOrders.phone.cardByLink")})</span> : null}
            </label>
          ))}
          <FormError id={fields.methodId.errorId} errors={fields.methodId.errors} />
        </fieldset>
        <TextareaField meta={fields.note} label={t("adminOrders.phone.note")} rows={3} optional />
        <FormError id={form.errorId} errors={form.errors} testId="phone-order-place-error" />
        <Button size="lg">{t("adminOrders.phone.place")}</Button>
      </SecureForm>
    </section>
  );
}

/** "Odustani": the held cart is given up; nothing was ordered. */
export function DiscardForm() {
  const { t } = useTranslation();
  return (
    <SecureForm method="post">
      <Button variant="dangerGhost" name="intent" value="discard">
        {t("adminOrders.phone.discard")}
      </Button>
    </SecureForm>
  );
}
