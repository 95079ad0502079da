import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSubmit, type FetcherWithComponents } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { CAPTCHA_FIELD } from "~/lib/captcha";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { useInvisibleCaptcha } from "~/modules/captcha/use-invisible-captcha";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import { VIA_FETCHER, type EnquiryAnswer, type EnquiryFormData } from "./enquiry-fields";
import type { EnquiryInput } from "./enquiry.schema";

type Props = {
  /** Where it posts, the consents (null when they could not be loaded), the captcha and the schema's constraints. */
  enquiry: EnquiryFormData;
  /** The action's refused submission: field messages and what was typed. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The dialog posts through a fetcher; the page posts as a plain form. */
  fetcher?: FetcherWithComponents<EnquiryAnswer>;
  busy?: boolean;
  /** The form's id, the prefix of its fields' ids. */
  id: string;
};

/**
 * The price-enquiry form ('Upit o cijeni', spec §2): firstName, lastName, from,
 * contactNumber, content, the contact form's consents and the invisible captcha (the
 * honeypot of SecureForm always; reCAPTCHA v2 invisible when keys are configured, whose
 * token is fetched on submit and posted as g-recaptcha-response). Spec §5: "all four
 * input labels show as required" — the four inputs carry the star, only the rule's fields
 * are `required` (the constraints of enquirySchema).
 */
export function EnquiryForm({ enquiry, lastResult, fetcher, busy = false, id }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const widget = useInvisibleCaptcha(enquiry.captcha);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [form, fields] = useShopForm<EnquiryInput>({ id, lastResult, constraint: enquiry.constraint });
  const { consents, captcha } = enquiry;

  if (consents === null) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t("error.consentsNotFetched")}
      </p>
    );
  }

  // conform checks the fields first; with reCAPTCHA the token is fetched, then the same form is posted.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    if (event.defaultPrevented || !captcha) return;
    event.preventDefault();
    const element = event.currentTarget;
    setCaptchaError(null);
    widget.execute().then(
      (token) => {
        element.querySelector<HTMLInputElement>(`input[name="${CAPTCHA_FIELD}"]`)!.value = token;
        if (fetcher) fetcher.submit(element);
        else submit(element);
      },
      () => setCaptchaError("captcha.failed"),
    );
  };

  const ticked = [fields.acceptedConsents.initialValue ?? []].flat().map(Number);
  const formProps = {
    ...getFormProps(form),
    action: enquiry.action,
    onSubmit,
    className: "flex flex-col gap-3",
    "data-testid": "enquiry-form",
  };
  const body = (
    <>
      {fetcher && hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null}
      {captcha ? <input type="hidden" name={CAPTCHA_FIELD} defaultValue="" /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={fields.firstName} label={t("enquiry.fields.firstName")} autoComplete="given-name" />
        <Field meta={fields.lastName} label={t("enquiry.fields.lastName")} autoComplete="family-name" starred />
        <Field meta={fields.from} type="email" label={t("enquiry.fields.from")} autoComplete="email" />
        <Field meta={fields.contactNumber} type="tel" label={t("enquiry.fields.contactNumber")} autoComplete="tel" starred />
      </div>
      <TextareaField meta={fields.content} label={t("enquiry.fields.content")} rows={5} />
      <ConsentCheckboxes
        consents={consents}
        error={fields.acceptedConsents.errors?.[0] ?? form.allErrors.consents?.[0]}
        defaultChecked={ticked}
        idPrefix={`${id}-consents`}
      />
      {captcha ? (
        <>
          <div ref={widget.container} />
          <noscript>
            <p className="text-sm text-slate-700">{t("enquiry.needsJavaScript")}</p>
          </noscript>
        </>
      ) : null}
      <FormError id={form.errorId} errors={captchaError ?? widget.error ?? form.errors} testId="enquiry-error" />
      <Button
        size="lg"
        className="self-start"
        pending={busy}
        pendingLabel={t("enquiry.sending")}
        disabled={widget.error === "captcha.setupError"}
      >
        {t("enquiry.submit")}
      </Button>
    </>
  );
  return fetcher ? (
    <SecureFetcherForm fetcher={fetcher} {...formProps}>
      {body}
    </SecureFetcherForm>
  ) : (
    <SecureForm {...formProps}>{body}</SecureForm>
  );
}
