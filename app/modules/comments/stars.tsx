import { useTranslation } from "~/lib/i18n";

/** A rating shown as filled and empty stars, with its number for screen readers. */
export function StarsView({ rating, stars }: { rating: number; stars: number }) {
  const { t } = useTranslation();
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={t("comments.stars", { count: rating })} className="text-amber-500" data-rating={rating}>
      {"★".repeat(filled)}
      <span className="text-slate-300">{"★".repeat(Math.max(0, stars - filled))}</span>
    </span>
  );
}

/**
 * 1..N stars as radio inputs (works without JavaScript). The inputs come highest first and
 * the row is reversed, so "checked ~ label" lights the chosen star and every lower one;
 * hovering does the same for a preview. The radios stay focusable for the keyboard.
 */
export function StarsInput({
  name,
  stars,
  required,
  defaultValue,
  idPrefix,
}: {
  name: string;
  stars: number;
  required: boolean;
  defaultValue?: number | null;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const values = Array.from({ length: stars }, (_, i) => stars - i);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">{t("comments.rating")}</legend>
      <div
        className="flex w-fit flex-row-reverse justify-end text-3xl text-slate-300 [&>input:checked~label]:text-amber-500 [&>input:focus-visible+label]:outline-2 [&>input:focus-visible+label]:outline-brand-600 [&>label:hover]:text-amber-400 [&>label:hover~label]:text-amber-400"
        data-testid="star-input"
      >
        {values.map((value) => (
          <StarRadio
            key={value}
            name={name}
            value={value}
            required={required}
            defaultChecked={defaultValue === value}
            id={`${idPrefix}-star-${value}`}
            label={t("comments.stars", { count: value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

function StarRadio({
  id,
  label,
  ...input
}: {
  id: string;
  label: string;
  name: string;
  value: number;
  required: boolean;
  defaultChecked: boolean;
}) {
  return (
    <>
      <input type="radio" id={id} className="peer sr-only" {...input} />
      <label htmlFor={id} className="cursor-pointer px-0.5 leading-none" title={label}>
        <span aria-hidden="true">★</span>
        <span className="sr-only">{label}</span>
      </label>
    </>
  );
}
