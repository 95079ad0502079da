import { getFormProps } from "@conform-to/react";
import { Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { formatPrice } from "~/lib/format";
import { CONSENTS_ERROR, DIFFERENT_BILLING, tickedValues } from "~/modules/account/account-fields";
import { AddressFields, type AddressFieldset } from "~/modules/account/address-fields";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import {
  NEW_ADDRESS,
  nestedValues,
  SAVED_ADDRESS_FIELD,
  SHIPPING_AUTO_SUBMIT_MS,
  STEP_PARAM,
  type CheckoutPageData,
  type CheckoutStep,
  type DeliveryMethodView,
} from "./checkout-fields";
import type { AddressStepInput, GuestStepInput, PaymentStepInput, ShippingStepInput } from "./checkout.schema";

/** HTML constraints of each step's schema, from the loader (`formConstraint`). */
export type CheckoutConstraints = Record<"guest" | "address" | "shipping" | "payment", FormConstraint>;

type StepProps = {
  data: CheckoutPageData;
  /** The checkout action's answer; each step's form picks its own by the posted intent. */
  lastResult: unknown;
  constraints: CheckoutConstraints;
};

function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/** Whether the page's post with this intent is on its way. */
function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** One step with its number, title and active state (spec §4 isStepActive); a completed step shows its summary and a change link. */
export function StepSection({
  step,
  index,
  data,
  summary,
  children,
}: {
  step: CheckoutStep;
  index: number;
  data: CheckoutPageData;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const active = data.active === step;
  return (
    <section
      className={`rounded-lg border p-4 ${active ? "border-brand-600" : "border-slate-200"}`}
      data-testid={`step-${step}`}
      data-active={active}
      aria-current={active ? "step" : undefined}
    >
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold">
          {index}. {t(`checkout.steps.${step}`)}
        </h2>
        {!active && data.done[step] ? (
          <Link to={`${data.checkoutHref}?${STEP_PARAM}=${step}`} className="text-sm text-brand-700 underline">
            {t("checkout.change")}
          </Link>
        ) : null}
      </div>
      {active ? (
        <div className="mt-4">{children}</div>
      ) : data.done[step] ? (
        <div className="mt-2 text-sm text-slate-700">{summary}</div>
      ) : null}
    </section>
  );
}

/** Guest checkout (spec §6): the e-mail that becomes the guest user, or log in. */
export function GuestStep({ data, lastResult, constraints }: StepProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<GuestStepInput>({
    id: "guest",
    lastResult: resultFor(lastResult, "guest"),
    constraint: constraints.guest,
  });
  return (
    <section className="rounded-lg border border-brand-600 p-4" data-testid="step-guest">
      <h2 className="text-lg font-semibold">{t("checkout.guest.title")}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("checkout.guest.lead")}{" "}
        <Link to={data.loginHref} className="text-brand-700 underline">
          {t("checkout.guest.login")}
        </Link>
      </p>
      <SecureForm {...getFormProps(form)} method="post" className="mt-4 flex flex-col gap-1" data-testid="guest-form">
        <Intent value="guest" />
        <Field meta={fields.email} type="email" label={t("account.fields.email")} autoComplete="email" />
        <FormError id={form.errorId} errors={form.errors} testId="guest-error" />
        <Button size="lg" className="self-start" pending={usePending("guest")}>
          {t("checkout.guest.continue")}
        </Button>
      </SecureForm>
    </section>
  );
}

export function AddressStep({ data, lastResult, constraints }: StepProps) {
  const { t } = useTranslation();
  const saved = data.savedAddresses;
  const [form, fields] = useShopForm<AddressStepInput>({
    id: "checkout",
    lastResult: resultFor(lastResult, "address"),
    constraint: constraints.address,
    defaultValue: nestedValues(data.delivery.values),
  });
  const values = (form.initialValue ?? {}) as Record<string, unknown>;
  const chosen = String(values[SAVED_ADDRESS_FIELD] ?? saved[0]?.id ?? NEW_ADDRESS);
  const digital = data.cart.digitalOnly;
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="flex flex-col gap-4"
      data-testid="address-form"
      noValidate={saved.length > 0}
    >
      <Intent value="address" />
      {saved.length ? (
        <fieldset className="flex flex-col gap-2" data-testid="saved-addresses">
          <legend className="mb-1 font-semibold">{t("checkout.address.saved")}</legend>
          {saved.map((a) => (
            <label key={a.id} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={fields[SAVED_ADDRESS_FIELD].name}
                value={a.id}
                defaultChecked={chosen === a.id}
                className="mt-1 accent-brand-600"
              />
              <span>{[`${a.firstName} ${a.lastName}`, `${a.street} ${a.houseNumber}`, `${a.zipCode} ${a.city}`].join(", ")}</span>
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input
              type="radio"
              name={fields[SAVED_ADDRESS_FIELD].name}
              value={NEW_ADDRESS}
              defaultChecked={chosen === NEW_ADDRESS}
              className="accent-brand-600"
            />
            {t("checkout.address.new")}
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name={fields[SAVED_ADDRESS_FIELD].name} value={NEW_ADDRESS} />
      )}
      <fieldset>
        {/* A digital-only cart asks for the invoice's address alone; it is saved as both (decision 0030). */}
        <legend className="mb-2 font-semibold">{t(digital ? "checkout.address.billing" : "checkout.address.delivery")}</legend>
        <AddressFields
          fields={fields.delivery.getFieldset() as AddressFieldset}
          countries={data.countries}
          enforce={saved.length === 0}
          countryRequired
        />
      </fieldset>
      <div hidden={digital}>
        <input
          id={fields[DIFFERENT_BILLING].id}
          type="checkbox"
          name={fields[DIFFERENT_BILLING].name}
          defaultChecked={!digital && values[DIFFERENT_BILLING] === "on"}
          className="peer mr-2 size-4 accent-brand-600"
        />
        <label htmlFor={fields[DIFFERENT_BILLING].id} className="text-sm font-semibold">
          {t("checkout.address.differentBilling")}
        </label>
        <fieldset className="mt-3 hidden peer-checked:block" data-testid="checkout-billing">
          <legend className="mb-2 font-semibold">{t("checkout.address.billing")}</legend>
          <AddressFields
            fields={fields.billing.getFieldset() as AddressFieldset}
            countries={data.countries}
            enforce={false}
            countryRequired
          />
        </fieldset>
      </div>
      <FormError id={form.errorId} errors={form.errors ?? fields[SAVED_ADDRESS_FIELD].errors} testId="address-error" />
      <Button size="lg" className="self-start" pending={usePending("address")}>
        {t("checkout.address.submit")}
      </Button>
    </SecureForm>
  );
}

/**
 * Spec §3 Shipping form (methodId, branchId), §4/§9: with JavaScript the first method is
 * chosen and submitted 1500 ms after the address step (when it needs no branch); without,
 * it is preselected and confirmed with the button.
 */
export function ShippingStep({ data, lastResult, constraints }: StepProps) {
  const { t } = useTranslation();
  const answer = resultFor(lastResult, "shipping");
  const { methods, methodId, branchId } = data.shipping;
  const [form, fields] = useShopForm<ShippingStepInput>({
    id: "shipping",
    lastResult: answer,
    constraint: constraints.shipping,
    defaultValue: methodId !== null && branchId !== null ? { branchId: { [methodId]: String(branchId) } } : undefined,
  });
  const [chosen, setChosen] = useState<number | null>(methodId ?? methods[0]?.id ?? null);
  const branches = fields.branchId.getFieldset();
  // SecureForm takes no ref: the form is found inside its box.
  const box = useRef<HTMLDivElement>(null);
  const submit = useSubmit();
  const auto = methodId === null && !lastResult && methods.length > 0 && methods[0].options.length === 0;
  useEffect(() => {
    if (!auto) return;
    const timer = setTimeout(() => {
      const element = box.current?.querySelector("form");
      if (element) submit(element);
    }, SHIPPING_AUTO_SUBMIT_MS);
    return () => clearTimeout(timer);
  }, [auto, submit]);
  const pending = usePending("shipping");
  const money = (cents: number) => formatPrice(cents, data.currency, data.locale);
  if (methods.length === 0) {
    const { notOffered } = data.shipping;
    return (
      <p className="text-red-700" data-testid="shipping-none">
        {notOffered
          ? t(`checkout.shipping.notOffered.${notOffered.reason}`, { weight: notOffered.weightKg })
          : t("checkout.shippingMethodUndefined")}
      </p>
    );
  }
  return (
    <div ref={box}>
      <SecureForm {...getFormProps(form)} method="post" className="flex flex-col gap-3" data-testid="shipping-form" data-auto-submit={auto}>
        <Intent value="shipping" />
        {methods.map((m) => (
          <div key={m.id} className="rounded border border-slate-200 p-3">
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name={fields.methodId.name}
                value={m.id}
                defaultChecked={chosen === m.id}
                onChange={() => setChosen(m.id)}
                className="mt-1 accent-brand-600"
              />
              <span className="flex-1">
                <span className="font-semibold">{m.name}</span>{" "}
                <span className="text-sm text-slate-600">({m.priceCents ? money(m.priceCents) : t("checkout.shipping.free")})</span>
                {m.description ? <span className="block text-sm text-slate-600">{m.description}</span> : null}
              </span>
            </label>
            {m.options.length ? (
              <SelectField
                meta={branches[String(m.id)]}
                label={branchLabel(m.options, t)}
                placeholder={t("checkout.shipping.chooseBranch")}
                options={m.options.map((o) => ({ value: String(o.id), label: branchOption(o, m.options, t) }))}
                className="mt-2 pl-6"
              />
            ) : null}
          </div>
        ))}
        <FormError id={form.errorId} errors={fields.methodId.errors ?? form.errors} testId="shipping-error" />
        <Button size="lg" className="self-start" pending={pending}>
          {t("checkout.shipping.submit")}
        </Button>
      </SecureForm>
    </div>
  );
}

/** Spec §3 Payment form (methodId, acceptedConsents): the applicable methods, the checkoutForm consents, and placing the order. */
export function PaymentStep({ data, lastResult, constraints }: StepProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm<PaymentStepInput>({
    id: "payment",
    lastResult: resultFor(lastResult, "payment"),
    constraint: constraints.payment,
  });
  const { methods, methodId, consents } = data.payment;
  const posted = fields.methodId.initialValue;
  const chosen = posted ? Number(posted) : (methodId ?? methods[0]?.id);
  const pending = usePending("payment");
  if (methods.length === 0) return <p className="text-red-700">{t("checkout.paymentMethodUndefined")}</p>;
  return (
    <SecureForm {...getFormProps(form)} method="post" className="flex flex-col gap-3" data-testid="payment-form">
      <Intent value="payment" />
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t("checkout.steps.payment")}</legend>
        {methods.map((m) => (
          <label key={m.id} className="flex items-start gap-2 rounded border border-slate-200 p-3">
            <input
              type="radio"
              name={fields.methodId.name}
              value={m.id}
              defaultChecked={chosen === m.id}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="font-semibold">{m.name}</span>
              {m.description ? <span className="block text-sm text-slate-600">{m.description}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <ConsentCheckboxes
        consents={consents}
        error={form.allErrors[CONSENTS_ERROR]?.[0]}
        defaultChecked={tickedValues(fields.acceptedConsents.initialValue)}
        idPrefix={`${form.id}-${CONSENTS_ERROR}`}
      />
      <FormError id={form.errorId} errors={fields.methodId.errors ?? form.errors} testId="payment-error" />
      <Button size="lg" className="self-start" pending={pending} data-testid="place-order">
        {t("checkout.payment.submit")}
      </Button>
    </SecureForm>
  );
}

type BranchView = DeliveryMethodView["options"][number];

/** The branch select's label: "Paketomat" or "Poslovnica" when all branches are of one kind (decision 0049). */
function branchLabel(options: BranchView[], t: (key: string) => string) {
  const kinds = new Set(options.map((o) => o.kind));
  return kinds.size === 1 ? t(`checkout.shipping.kind.${options[0].kind}`) : t("checkout.shipping.branch");
}

/** A branch as an option; with both kinds in one list, each says its kind. */
function branchOption(option: BranchView, options: BranchView[], t: (key: string) => string) {
  const mixed = new Set(options.map((o) => o.kind)).size > 1;
  const text = `${option.name}${option.address ? ` (${option.address})` : ""}`;
  return mixed ? `${t(`checkout.shipping.kind.${option.kind}`)}: ${text}` : text;
}
