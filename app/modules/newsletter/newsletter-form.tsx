import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useMessageText } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import type { FormConsent } from "~/modules/consent/consent-fields";
import { VIA_FETCHER, type NewsletterAnswer } from "./newsletter-fields";
import type { NewsletterInput } from "./newsletter.schema";

type Props = {
  /** getFormConsents("newsletter", locale); null when they could not be loaded. */
  consents: readonly FormConsent[] | null;
  /** HTML constraints of newsletterSchema, from the loader (`formConstraint`). */
  constraint: FormConstraint;
};

/**
 * The home page's newsletter block (spec §2 Home): an e-mail field and the newsletter
 * consents. Without JavaScript it posts and comes back with a toast; once hydrated a
 * fetcher posts it, the answer shows below the button (a wrong address at its field), and
 * a completed sign-up empties the form, its accepted consents included (spec §4 Other).
 */
export function NewsletterForm({ consents, constraint }: Props) {
  const { t } = useTranslation();
  const text = useMessageText();
  const fetcher = useFetcher<NewsletterAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // The action answers the fetcher with its own shape; a refused address becomes the field's message.
  const lastResult = useMemo<SubmissionResult<string[]> | null>(
    () =>
      fetcher.data && !fetcher.data.ok && fetcher.data.field === "email" ? { status: "error", error: { email: [fetcher.data.key] } } : null,
    [fetcher.data],
  );
  const [form, fields] = useShopForm<NewsletterInput>({ id: "newsletter-form", lastResult, constraint });

  useEffect(() => {
    const element = box.current?.querySelector("form");
    if (!answer || !element) return;
    if (answer.ok) element.reset();
    // Already subscribed is a finished submission too: its consents are not kept ticked.
    else if (answer.field === "form") {
      for (const input of element.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) input.checked = false;
    }
  }, [answer]);

  const consentError = answer && !answer.ok && answer.field === "consents" ? answer.key : (fields.acceptedConsents.errors?.[0] ?? null);
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="bg-brand-50 px-4 py-12" data-testid="newsletter">
      <div className="mx-auto max-w-2xl" ref={box}>
        <h2 id="newsletter-title" className="text-2xl font-bold text-brand-900">
          {t("newsletter.title")}
        </h2>
        <p className="mt-2 text-slate-700">{t("newsletter.lead")}</p>
        {consents === null ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {t("error.consentsNotFetched")}
          </p>
        ) : (
          <SecureFetcherForm
            fetcher={fetcher}
            {...getFormProps(form)}
            action="/actions/newsletter"
            className="mt-6 space-y-3"
            data-testid="newsletter-form"
          >
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            {hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null}
            <Field
              meta={fields.email}
              type="email"
              label={t("newsletter.emailLabel")}
              autoComplete="email"
              placeholder={t("newsletter.emailPlaceholder")}
            />
            <ConsentCheckboxes consents={consents} error={consentError} idPrefix="newsletter-consents" />
            <Button pending={fetcher.state !== "idle"} pendingLabel={t("newsletter.sending")}>
              {t("newsletter.submit")}
            </Button>
            <p
              role="status"
              className={`min-h-5 text-sm ${answer?.ok ? "text-green-800" : "text-slate-800"}`}
              data-testid="newsletter-message"
            >
              {answer && (answer.ok || answer.field === "form") ? text(answer.key) : ""}
            </p>
          </SecureFetcherForm>
        )}
      </div>
    </section>
  );
}
