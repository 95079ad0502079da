import { useTranslation } from "~/lib/i18n";
import { messageText } from "~/lib/validation-message";
import { ACCEPTED_CONSENTS_FIELD, type FormConsent } from "./consent-fields";

type Props = {
  /** From getFormConsents(kind, locale) in the route's loader. */
  consents: readonly FormConsent[];
  /** The server's message key (core.notifications.consentRequired, error.consentsNotFetched ...). */
  error?: string | null;
  /** Ids ticked in the failed submission, so a form re-rendered without JavaScript keeps them. */
  defaultChecked?: readonly number[];
  /** Element ids must be unique when two forms with consents share a page (footer newsletter + contact). */
  idPrefix?: string;
};

/**
 * The consent checkboxes of every form (spec §5): one box per assigned consent posting
 * acceptedConsents=id. Required ones carry a star and the HTML `required` attribute, so
 * the browser refuses an unticked one even without JavaScript; the server checks again.
 * The error line has a fixed height so that the submit button does not move under the
 * pointer when a message appears or goes (DESIGN.md pitfalls).
 */
export function ConsentCheckboxes({ consents, error, defaultChecked = [], idPrefix = "consents" }: Props) {
  const { t, i18n } = useTranslation();
  if (consents.length === 0) return null;
  const ticked = new Set(defaultChecked);
  const errorId = `${idPrefix}-error`;
  const message = messageText({ t, exists: (key) => i18n.exists(key) }, error);
  return (
    <fieldset className="space-y-2" aria-describedby={errorId} data-testid="consent-checkboxes">
      <legend className="mb-1 text-sm font-semibold">{t("site.consents.legend")}</legend>
      {consents.map((consent) => {
        const id = `${idPrefix}-${consent.id}`;
        return (
          <div key={consent.id} className="flex items-start gap-2 text-sm">
            <input
              id={id}
              type="checkbox"
              name={ACCEPTED_CONSENTS_FIELD}
              value={consent.id}
              required={consent.required}
              defaultChecked={ticked.has(consent.id)}
              aria-invalid={message ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span>
              <label htmlFor={id}>
                {consent.displayName}
                {consent.required ? (
                  <>
                    <span aria-hidden="true" className="ml-0.5 text-red-700">*</span>
                    <span className="sr-only"> ({t("core.forms.requiredMark")})</span>
                  </>
                ) : null}
              </label>
              {consent.link ? (
                // A new tab, so that reading the full text does not lose what the visitor typed.
                <a href={consent.link} target="_blank" rel="noopener" className="ml-1 text-brand-700 underline">
                  {t("site.consents.readMore")}
                </a>
              ) : null}
            </span>
          </div>
        );
      })}
      <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
        {message}
      </p>
    </fieldset>
  );
}
