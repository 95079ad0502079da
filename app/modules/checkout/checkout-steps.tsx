import { Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import { formatPrice } from "~/lib/format";
import { messageText } from "~/lib/validation-message";
import { BILLING, DELIVERY, DIFFERENT_BILLING, EMAIL_MAX } from "~/modules/account/account-fields";
import { AccountInput, BUTTON, FormError } from "~/modules/account/account-input";
import { AddressFields } from "~/modules/account/address-fields";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import { NEW_ADDRESS, SAVED_ADDRESS_FIELD, SHIPPING_AUTO_SUBMIT_MS, STEP_PARAM, type CheckoutAnswer, type CheckoutPageData, type CheckoutStep } from "./checkout-fields";

type StepProps = { data: CheckoutPageData; answer: CheckoutAnswer | undefined; busy: boolean };

const errorsOf = (answer: CheckoutAnswer | undefined, intent: string) => (answer?.intent === intent ? answer.errors : {});
const valuesOf = (answer: CheckoutAnswer | undefined, intent: string) => (answer?.intent === intent ? answer.values : undefined);

function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/** One step with its number, title and active state (spec §4 isStepActive); a completed step shows its summary and a change link. */
export function StepSection({ step, index, data, summary, children }: { step: CheckoutStep; index: number; data: CheckoutPageData; summary?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const active = data.active === step;
  return (
    <section className={`rounded-lg border p-4 ${active ? "border-brand-600" : "border-slate-200"}`} data-testid={`step-${step}`} data-active={active} aria-current={active ? "step" : undefined}>
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
      {active ? <div className="mt-4">{children}</div> : data.done[step] ? <div className="mt-2 text-sm text-slate-700">{summary}</div> : null}
    </section>
  );
}

/** Guest checkout (spec §6): the e-mail that becomes the guest user, or log in. */
export function GuestStep({ data, answer, busy }: StepProps) {
  const { t } = useTranslation();
  const errors = errorsOf(answer, "guest");
  return (
    <section className="rounded-lg border border-brand-600 p-4" data-testid="step-guest">
      <h2 className="text-lg font-semibold">{t("checkout.guest.title")}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("checkout.guest.lead")}{" "}
        <Link to={data.loginHref} className="text-brand-700 underline">{t("checkout.guest.login")}</Link>
      </p>
      <SecureForm method="post" className="mt-4 flex flex-col gap-3" data-testid="guest-form">
        <Intent value="guest" />
        <AccountInput idPrefix="guest" name="email" type="email" label={t("account.fields.email")} required maxLength={EMAIL_MAX} autoComplete="email" defaultValue={valuesOf(answer, "guest")?.email ?? ""} error={errors.email ?? errors.form} />
        <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>{t("checkout.guest.continue")}</button>
      </SecureForm>
    </section>
  );
}

export function AddressStep({ data, answer, busy }: StepProps) {
  const { t } = useTranslation();
  const errors = errorsOf(answer, "address");
  const values = valuesOf(answer, "address") ?? data.delivery.values;
  const saved = data.savedAddresses;
  const chosen = values[SAVED_ADDRESS_FIELD] ?? (saved[0]?.id ?? NEW_ADDRESS);
  return (
    <SecureForm method="post" className="flex flex-col gap-4" data-testid="address-form" noValidate={saved.length > 0}>
      <Intent value="address" />
      {saved.length ? (
        <fieldset className="flex flex-col gap-2" data-testid="saved-addresses">
          <legend className="mb-1 font-semibold">{t("checkout.address.saved")}</legend>
          {saved.map((a) => (
            <label key={a.id} className="flex items-start gap-2 text-sm">
              <input type="radio" name={SAVED_ADDRESS_FIELD} value={a.id} defaultChecked={chosen === a.id} className="mt-1 accent-brand-600" />
              <span>{[`${a.firstName} ${a.lastName}`, `${a.street} ${a.houseNumber}`, `${a.zipCode} ${a.city}`].join(", ")}</span>
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input type="radio" name={SAVED_ADDRESS_FIELD} value={NEW_ADDRESS} defaultChecked={chosen === NEW_ADDRESS} className="accent-brand-600" />
            {t("checkout.address.new")}
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name={SAVED_ADDRESS_FIELD} value={NEW_ADDRESS} />
      )}
      <fieldset>
        <legend className="mb-2 font-semibold">{t("checkout.address.delivery")}</legend>
        <AddressFields prefix={DELIVERY} idPrefix="checkout" countries={data.countries} values={values} errors={errors} enforce={saved.length === 0} />
      </fieldset>
      <div>
        <input id="checkout-different-billing" type="checkbox" name={DIFFERENT_BILLING} defaultChecked={values[DIFFERENT_BILLING] === "on"} className="peer mr-2 size-4 accent-brand-600" />
        <label htmlFor="checkout-different-billing" className="text-sm font-semibold">{t("checkout.address.differentBilling")}</label>
        <fieldset className="mt-3 hidden peer-checked:block" data-testid="checkout-billing">
          <legend className="mb-2 font-semibold">{t("checkout.address.billing")}</legend>
          <AddressFields prefix={BILLING} idPrefix="checkout" countries={data.countries} values={values} errors={errors} enforce={false} />
        </fieldset>
      </div>
      <FormError error={errors.form ?? errors[SAVED_ADDRESS_FIELD]} testId="address-error" />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>{t("checkout.address.submit")}</button>
    </SecureForm>
  );
}

/**
 * Spec §3 Shipping form (methodId, branchId), §4/§9: with JavaScript the first method is
 * chosen and submitted 1500 ms after the address step (when it needs no branch); without,
 * it is preselected and confirmed with the button.
 */
export function ShippingStep({ data, answer, busy }: StepProps) {
  const { t, i18n } = useTranslation();
  const errors = errorsOf(answer, "shipping");
  const { methods, methodId } = data.shipping;
  const [chosen, setChosen] = useState<number | null>(methodId ?? methods[0]?.id ?? null);
  // SecureForm takes no ref: the form is found inside its box.
  const box = useRef<HTMLDivElement>(null);
  const submit = useSubmit();
  const auto = methodId === null && !answer && methods.length > 0 && methods[0].options.length === 0;
  useEffect(() => {
    if (!auto) return;
    const timer = setTimeout(() => {
      const form = box.current?.querySelector("form");
      if (form) submit(form);
    }, SHIPPING_AUTO_SUBMIT_MS);
    return () => clearTimeout(timer);
  }, [auto, submit]);
  const money = (cents: number) => formatPrice(cents, data.currency, data.locale);
  if (methods.length === 0) return <p className="text-red-700">{t("checkout.shippingMethodUndefined")}</p>;
  return (
    <div ref={box}>
    <SecureForm method="post" className="flex flex-col gap-3" data-testid="shipping-form" data-auto-submit={auto}>
      <Intent value="shipping" />
      {methods.map((m) => (
        <div key={m.id} className="rounded border border-slate-200 p-3">
          <label className="flex items-start gap-2">
            <input type="radio" name="methodId" value={m.id} defaultChecked={chosen === m.id} onChange={() => setChosen(m.id)} className="mt-1 accent-brand-600" />
            <span className="flex-1">
              <span className="font-semibold">{m.name}</span> <span className="text-sm text-slate-600">({m.priceCents ? money(m.priceCents) : t("checkout.shipping.free")})</span>
              {m.description ? <span className="block text-sm text-slate-600">{m.description}</span> : null}
            </span>
          </label>
          {m.options.length ? (
            <div className="mt-2 pl-6">
              <label htmlFor={`branch-${m.id}`} className="text-sm font-semibold">{t("checkout.shipping.branch")}</label>
              <select id={`branch-${m.id}`} name={`branchId.${m.id}`} defaultValue={data.shipping.branchId ?? ""} className="mt-1 w-full rounded border border-slate-300 bg-white px-3 py-2">
                <option value="">{t("checkout.shipping.chooseBranch")}</option>
                {m.options.map((o) => (
                  <option key={o.id} value={o.id}>{`${o.name} (${o.address})`}</option>
                ))}
              </select>
              <p className="min-h-5 text-sm text-red-700" data-testid={`branch-error-${m.id}`}>
                {messageText({ t, exists: (k) => i18n.exists(k) }, errors[`branchId.${m.id}`])}
              </p>
            </div>
          ) : null}
        </div>
      ))}
      <FormError error={errors.methodId ?? errors.form} testId="shipping-error" />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>{t("checkout.shipping.submit")}</button>
    </SecureForm>
    </div>
  );
}

/** Spec §3 Payment form (methodId, acceptedConsents): the applicable methods, the checkoutForm consents, and placing the order. */
export function PaymentStep({ data, answer, busy }: StepProps) {
  const { t } = useTranslation();
  const errors = errorsOf(answer, "payment");
  const { methods, methodId, consents } = data.payment;
  const posted = valuesOf(answer, "payment")?.methodId;
  const chosen = posted ? Number(posted) : (methodId ?? methods[0]?.id);
  if (methods.length === 0) return <p className="text-red-700">{t("checkout.paymentMethodUndefined")}</p>;
  return (
    <SecureForm method="post" className="flex flex-col gap-3" data-testid="payment-form">
      <Intent value="payment" />
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t("checkout.steps.payment")}</legend>
        {methods.map((m) => (
          <label key={m.id} className="flex items-start gap-2 rounded border border-slate-200 p-3">
            <input type="radio" name="methodId" value={m.id} defaultChecked={chosen === m.id} className="mt-1 accent-brand-600" />
            <span>
              <span className="font-semibold">{m.name}</span>
              {m.description ? <span className="block text-sm text-slate-600">{m.description}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <ConsentCheckboxes consents={consents} error={errors.consents} defaultChecked={answer?.intent === "payment" ? answer.accepted : undefined} idPrefix="checkout-consents" />
      <FormError error={errors.methodId ?? errors.form} testId="payment-error" />
      <button type="submit" disabled={busy} className={`self-start ${BUTTON}`} data-testid="place-order">{t("checkout.payment.submit")}</button>
    </SecureForm>
  );
}
