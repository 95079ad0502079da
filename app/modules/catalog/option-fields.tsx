import { useTranslation } from "~/lib/i18n";
import { OPTION_TEXT_MAX, optionField, withUnit, type CustomOption } from "./product-view";

type Props = {
  /** Prefix of the inputs' ids (unique on the page). */
  idPrefix: string;
  options: CustomOption[];
  /** Values by option code (a cart item being edited). */
  values: Record<string, string>;
  /** Field errors by posted name (options.duljina). */
  errors: Record<string, string>;
};

/**
 * The personalisations of the add-to-cart form (spec §3 customOptions): one input per
 * option with its HTML limits from the product's option (required, min/max or length).
 */
export function OptionFields({ idPrefix, options, values, errors }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">{t("product.options.legend")}</legend>
      {options.map((option) => (
        <OptionField
          key={option.id}
          id={`${idPrefix}-${option.code}`}
          option={option}
          value={values[option.code] ?? ""}
          error={errors[optionField(option.code)]}
        />
      ))}
    </fieldset>
  );
}

/** A personalisation input with its hint (the length: 270–15000 mm) and its error line. */
function OptionField({ id, option, value, error }: { id: string; option: CustomOption; value: string; error?: string }) {
  const { t } = useTranslation();
  const name = optionField(option.code);
  let hint: string | null = null;
  if (option.type === "number") {
    const min = option.min !== null ? withUnit(option.min, option.unit) : null;
    const max = option.max !== null ? withUnit(option.max, option.unit) : null;
    if (min && max) hint = t("product.options.hint", { min, max });
    else if (min) hint = t("product.options.min", { value: min });
    else if (max) hint = t("product.options.max", { value: max });
  }
  const textMax = Math.min(option.max ?? OPTION_TEXT_MAX, OPTION_TEXT_MAX);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {option.label}
        {option.unit ? ` (${option.unit})` : ""}
        {option.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={option.type === "number" ? "number" : "text"}
        required={option.required}
        defaultValue={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        {...(option.type === "number"
          ? { min: option.min ?? undefined, max: option.max ?? undefined, step: 1, inputMode: "numeric" as const }
          : { maxLength: textMax, minLength: option.min ?? undefined })}
        className="w-48 rounded border border-slate-300 px-3 py-2"
        data-testid={`option-${option.code}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600" data-testid={`option-hint-${option.code}`}>
          {hint}
        </p>
      ) : null}
      <p className="min-h-5 text-sm text-red-700">{error ?? ""}</p>
    </div>
  );
}
