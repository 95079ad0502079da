import { CheckboxGroup } from "~/components/ui/checkbox-group";
import { useTranslation } from "~/lib/i18n";
import { ACCEPTED_CONSENTS_FIELD, type FormConsent } from "./consent-fields";

type Props = {
  /** From getFormConsents(kind, locale) in the route's loader. */
  consents: readonly FormConsent[];
  /** The server's message key (core.notifications.consentRequired, error.consentsNotFetched ...). */
  error?: string | null;
  /** Ids ticked in the failed submission, so a form re-rendered without JavaScript keeps them. */
  defaultChecked?: readonly (number | string)[];
  /** Element ids must be unique when two forms with consents share a page (footer newsletter + contact). */
  idPrefix?: string;
};

/**
 * The consent checkboxes of every form (spec §5): one box per assigned consent posting
 * acceptedConsents=id, on the shared `CheckboxGroup`. Required ones carry a star and the
 * HTML `required` attribute, so the browser refuses an unticked one even without
 * JavaScript; the server checks again.
 */
export function ConsentCheckboxes({ consents, error, defaultChecked = [], idPrefix = "consents" }: Props) {
  const { t } = useTranslation();
  const options = consents.map((consent) => ({
    value: consent.id,
    label: consent.displayName,
    required: consent.required,
    // A new tab, so that reading the full text does not lose what the visitor typed.
    link: consent.link,
    linkLabel: t("site.consents.readMore"),
  }));
  return (
    <CheckboxGroup
      name={ACCEPTED_CONSENTS_FIELD}
      legend={t("site.consents.legend")}
      options={options}
      defaultChecked={defaultChecked}
      errors={error ? [error] : null}
      idPrefix={idPrefix}
      testId="consent-checkboxes"
    />
  );
}
