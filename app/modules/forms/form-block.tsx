import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import { showToast } from "~/lib/toast";
import { messageText } from "~/lib/validation-message";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import { VIA_FETCHER, type FieldView, type FormAnswer, type FormView } from "./form-fields";

type Props = {
  form: FormView;
  /** The form page's action data (plain form); a page block answers through its own fetcher. */
  answer?: FormAnswer;
  busy?: boolean;
  /** A page block posts through a fetcher once hydrated; the form page posts as a plain form. */
  inPage?: boolean;
  headingLevel?: 1 | 2;
};

const INPUT = "mt-1 w-full rounded border border-slate-300 bg-white px-3 py-2";

/**
 * The contact form or a database form: its fields, the contact form's consents and the
 * honeypot and CSRF token of SecureForm. Without JavaScript it posts to the form route,
 * which comes back to this page with a toast or shows the messages; in a page, once
 * hydrated, a fetcher posts it, a success toasts and empties the form.
 */
export function FormBlock({ form, answer: pageAnswer, busy: pageBusy = false, inPage = false, headingLevel = 2 }: Props) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<FormAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const fetched = fetcher.state === "idle" ? fetcher.data : undefined;
  const answer = inPage ? fetched : pageAnswer;
  const busy = inPage ? fetcher.state !== "idle" : pageBusy;
  const refused = answer && !answer.ok ? answer : null;
  const text = (key: string | undefined) => messageText({ t, exists: (k) => i18n.exists(k) }, key);
  const id = (name: string) => `form-${form.slug}-${name}`;

  useEffect(() => {
    if (!fetched?.ok) return;
    box.current?.querySelector("form")?.reset();
    showToast({ type: "success", key: fetched.key });
  }, [fetched]);

  const Heading = headingLevel === 1 ? "h1" : "h2";
  const body = (
    <>
      {/* After a refusal shown on the form page, a success still goes back to the page the form was on. */}
      <input type="hidden" name="redirectTo" value={refused?.values.redirectTo ?? location.pathname + location.search} />
      {inPage && hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {form.fields.map((field) => (
          <div key={field.name} className={field.type === "textarea" || field.type === "checkbox" ? "sm:col-span-2" : undefined}>
            <Field field={field} id={id(field.name)} value={refused?.values[field.name]} invalid={Boolean(refused?.errors[field.name])} />
            {/* Fixed height: the button does not move when a message comes or goes. */}
            <p id={`${id(field.name)}-error`} className="min-h-5 text-sm text-red-700">
              {text(refused?.errors[field.name])}
            </p>
          </div>
        ))}
      </div>
      <ConsentCheckboxes consents={form.consents ?? []} error={refused?.errors.consents} defaultChecked={refused?.accepted} idPrefix={id("consents")} />
      <p role="alert" className="min-h-5 text-sm text-red-700" data-testid="form-error">
        {text(refused?.errors.form)}
      </p>
      <button type="submit" disabled={busy} className="self-start rounded bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
        {busy ? t("forms.sending") : t("forms.submit")}
      </button>
    </>
  );
  const formProps = { action: form.action, className: "mt-6 flex flex-col gap-3", "data-testid": `form-${form.slug}` };
  return (
    <section aria-labelledby={id("title")} className="mx-auto w-full max-w-3xl px-4 py-8" data-testid="form-block">
      <div ref={box}>
        <Heading id={id("title")} className="text-2xl font-bold text-brand-900">
          {form.title}
        </Heading>
        {form.consents === null ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {t("error.consentsNotFetched")}
          </p>
        ) : inPage ? (
          <SecureFetcherForm fetcher={fetcher} {...formProps}>
            {body}
          </SecureFetcherForm>
        ) : (
          <SecureForm {...formProps}>{body}</SecureForm>
        )}
      </div>
    </section>
  );
}

function Field({ field, id, value, invalid }: { field: FieldView; id: string; value: string | undefined; invalid: boolean }) {
  const { t } = useTranslation();
  const common = {
    id,
    name: field.name,
    required: field.required,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": `${id}-error`,
  };
  const star = field.required ? (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
      <span className="sr-only"> ({t("core.forms.requiredMark")})</span>
    </>
  ) : null;
  if (field.type === "checkbox") {
    return (
      <label htmlFor={id} className="flex items-start gap-2 text-sm">
        <input type="checkbox" {...common} defaultChecked={value === "on"} className="mt-1" />
        <span>
          {field.label}
          {star}
        </span>
      </label>
    );
  }
  const label = (
    <label htmlFor={id} className="text-sm font-semibold">
      {field.label}
      {star}
    </label>
  );
  if (field.type === "textarea") {
    return (
      <>
        {label}
        <textarea {...common} rows={5} maxLength={field.maxLength} defaultValue={value ?? ""} className={INPUT} />
      </>
    );
  }
  if (field.type === "select") {
    return (
      <>
        {label}
        <select {...common} defaultValue={value ?? ""} className={INPUT}>
          <option value="">{t("forms.choose")}</option>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </>
    );
  }
  return (
    <>
      {label}
      <input {...common} type={field.type} maxLength={field.maxLength} autoComplete={field.autoComplete} defaultValue={value ?? ""} className={INPUT} />
    </>
  );
}
