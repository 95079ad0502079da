import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm } from "~/components/form";
import { messageText } from "~/lib/validation-message";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import type { FormConsent } from "~/modules/consent/consent-fields";
import { NEWSLETTER_EMAIL_MAX, VIA_FETCHER, type NewsletterAnswer } from "./newsletter-fields";

type Props = {
  /** getFormConsents("newsletter", locale); null when they could not be loaded. */
  consents: readonly FormConsent[] | null;
};

/**
 * The home page's newsletter block (spec §2 Home): an e-mail field and the newsletter
 * consents. Without JavaScript it posts and comes back with a toast; once hydrated a
 * fetcher posts it, the answer shows below the button, and a completed sign-up empties
 * the form, its accepted consents included (spec §4 Other).
 */
export function NewsletterForm({ consents }: Props) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<NewsletterAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    const form = box.current?.querySelector("form");
    if (!answer || !form) return;
    if (answer.ok) form.reset();
    // Already subscribed is a finished submission too: its consents are not kept ticked.
    else if (answer.field === "form") {
      for (const input of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) input.checked = false;
    }
  }, [answer]);

  const text = (key: string | undefined) => messageText({ t, exists: (k) => i18n.exists(k) }, key);
  const error = (field: "email" | "consents") => (answer && !answer.ok && answer.field === field ? answer.key : undefined);
  const busy = fetcher.state !== "idle";
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
          <SecureFetcherForm fetcher={fetcher} action="/actions/newsletter" className="mt-6 space-y-3" data-testid="newsletter-form">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            {hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null}
            <div>
              <label htmlFor="newsletter-email" className="text-sm font-semibold">
                {t("newsletter.emailLabel")}
                <span aria-hidden="true" className="ml-0.5 text-red-700">*</span>
              </label>
              <input
                id="newsletter-email"
                type="email"
                name="email"
                required
                maxLength={NEWSLETTER_EMAIL_MAX}
                autoComplete="email"
                placeholder={t("newsletter.emailPlaceholder")}
                aria-invalid={error("email") ? true : undefined}
                aria-describedby="newsletter-email-error"
                className="mt-1 w-full rounded border border-slate-300 bg-white px-3 py-2"
              />
              {/* Fixed height: the button does not move when a message comes or goes. */}
              <p id="newsletter-email-error" className="min-h-5 text-sm text-red-700">
                {text(error("email"))}
              </p>
            </div>
            <ConsentCheckboxes consents={consents} error={error("consents")} idPrefix="newsletter-consents" />
            <button
              type="submit"
              disabled={busy}
              className="rounded bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {busy ? t("newsletter.sending") : t("newsletter.submit")}
            </button>
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
