import { useTranslation } from "~/lib/i18n";

/**
 * The star after the label of a required control, with "(obavezno polje)" for screen
 * readers. `announced={false}` draws only the star, where the spec stars a label that is
 * not required (the price enquiry).
 */
export function RequiredMark({ announced = true }: { announced?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
      {announced ? <span className="sr-only"> ({t("core.forms.requiredMark")})</span> : null}
    </>
  );
}
