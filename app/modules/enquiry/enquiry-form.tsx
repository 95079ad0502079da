import { useSubmit, type FetcherWithComponents } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { CAPTCHA_FIELD, type CaptchaConfig } from "~/lib/captcha";
import { useTranslation } from "~/lib/i18n";
import { messageText } from "~/lib/validation-message";
import { useInvisibleCaptcha } from "~/modules/captcha/use-invisible-captcha";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import type { FormConsent } from "~/modules/consent/consent-fields";
import { ENQUIRY_LIMITS, VIA_FETCHER, type EnquiryAnswer, type EnquiryField } from "./enquiry-fields";

type Props = {
  /** The enquiry route of the product: the dialog's fetcher and the page's form post there. */
  action: string;
  /** getFormConsents("contactForm", locale); null when they could not be loaded. */
  consents: readonly FormConsent[] | null;
  captcha: CaptchaConfig | null;
  /** The action's last answer: field messages and, without JS, what was typed. */
  answer?: EnquiryAnswer;
  /** The dialog posts through a fetcher; the page posts as a plain form. */
  fetcher?: FetcherWithComponents<EnquiryAnswer>;
  busy?: boolean;
  idPrefix: string;
};

type Input = { name: EnquiryField; type: "text" | "email" | "tel"; required: boolean; max: number; autoComplete: string };

// Spec §5: "firstName, from (valid e-mail) and content required; all four input labels show
// as required" — the four inputs carry the star, only the rule's fields are `required`.
const INPUTS: Input[] = [
  { name: "firstName", type: "text", required: true, max: ENQUIRY_LIMITS.name, autoComplete: "given-name" },
  { name: "lastName", type: "text", required: false, max: ENQUIRY_LIMITS.name, autoComplete: "family-name" },
  { name: "from", type: "email", required: true, max: ENQUIRY_LIMITS.from, autoComplete: "email" },
  { name: "contactNumber", type: "tel", required: false, max: ENQUIRY_LIMITS.contactNumber, autoComplete: "tel" },
];

const FIELD = "mt-1 w-full rounded border border-slate-300 bg-white px-3 py-2";

/**
 * The price-enquiry form ('Upit o cijeni', spec §2): firstName, lastName, from,
 * contactNumber, content, the contact form's consents and the invisible captcha (the
 * honeypot of SecureForm always; reCAPTCHA v2 invisible when keys are configured, whose
 * token is fetched on submit and posted as g-recaptcha-response).
 */
export function EnquiryForm({ action, consents, captcha, answer, fetcher, busy = false, idPrefix }: Props) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const widget = useInvisibleCaptcha(captcha);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const text = (key: string | undefined | null) => messageText({ t, exists: (k) => i18n.exists(k) }, key);
  const refused = answer && !answer.ok ? answer : null;
  const formError = captchaError ?? widget.error ?? refused?.errors.form;

  if (consents === null) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t("error.consentsNotFetched")}
      </p>
    );
  }

  // With reCAPTCHA the token is fetched first, then the same form is posted.
  const onSubmit = captcha
    ? async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const form = event.currentTarget;
        setCaptchaError(null);
        try {
          const token = await widget.execute();
          form.querySelector<HTMLInputElement>(`input[name="${CAPTCHA_FIELD}"]`)!.value = token;
        } catch {
          setCaptchaError("captcha.failed");
          return;
        }
        if (fetcher) fetcher.submit(form);
        else submit(form);
      }
    : undefined;

  const formProps = { action, method: "post" as const, onSubmit, className: "flex flex-col gap-3", "data-testid": "enquiry-form" };
  const fields = (
    <>
      {fetcher && hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null}
      {captcha ? <input type="hidden" name={CAPTCHA_FIELD} defaultValue="" /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {INPUTS.map((input) => (
          <div key={input.name}>
            <Label id={`${idPrefix}-${input.name}`} required={input.required}>
              {t(`enquiry.fields.${input.name}`)}
            </Label>
            <input
              id={`${idPrefix}-${input.name}`}
              name={input.name}
              type={input.type}
              required={input.required}
              maxLength={input.max}
              autoComplete={input.autoComplete}
              defaultValue={refused?.values[input.name] ?? ""}
              aria-invalid={refused?.errors[input.name] ? true : undefined}
              aria-describedby={`${idPrefix}-${input.name}-error`}
              className={FIELD}
            />
            {/* Fixed height: the button does not move when a message comes or goes. */}
            <p id={`${idPrefix}-${input.name}-error`} className="min-h-5 text-sm text-red-700">
              {text(refused?.errors[input.name])}
            </p>
          </div>
        ))}
      </div>
      <div>
        <Label id={`${idPrefix}-content`} required>
          {t("enquiry.fields.content")}
        </Label>
        <textarea
          id={`${idPrefix}-content`}
          name="content"
          required
          rows={5}
          maxLength={ENQUIRY_LIMITS.content}
          defaultValue={refused?.values.content ?? ""}
          aria-invalid={refused?.errors.content ? true : undefined}
          aria-describedby={`${idPrefix}-content-error`}
          className={FIELD}
        />
        <p id={`${idPrefix}-content-error`} className="min-h-5 text-sm text-red-700">
          {text(refused?.errors.content)}
        </p>
      </div>
      <ConsentCheckboxes consents={consents} error={refused?.errors.consents} defaultChecked={refused?.accepted} idPrefix={`${idPrefix}-consents`} />
      {captcha ? (
        <>
          <div ref={widget.container} />
          <noscript>
            <p className="text-sm text-slate-700">{t("enquiry.needsJavaScript")}</p>
          </noscript>
        </>
      ) : null}
      <p role="alert" className="min-h-5 text-sm text-red-700" data-testid="enquiry-error">
        {text(formError)}
      </p>
      <button
        type="submit"
        disabled={busy || widget.error === "captcha.setupError"}
        className="self-start rounded bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t("enquiry.sending") : t("enquiry.submit")}
      </button>
    </>
  );
  return fetcher ? (
    <SecureFetcherForm fetcher={fetcher} {...formProps}>
      {fields}
    </SecureFetcherForm>
  ) : (
    <SecureForm {...formProps}>{fields}</SecureForm>
  );
}

/** A label with the star of spec §5; the spoken "required" only where the browser requires it too. */
function Label({ id, required, children }: { id: string; required: boolean; children: string }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={id} className="text-sm font-semibold">
      {children}
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
      {required ? <span className="sr-only"> ({t("core.forms.requiredMark")})</span> : null}
    </label>
  );
}
