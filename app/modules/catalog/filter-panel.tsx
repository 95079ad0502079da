import { useTranslation } from "~/lib/i18n";
import type { LayeredFilter, LayeredValue } from "./layered-navigation.server";
import type { ShopParams } from "./shop-query";

type Props = { filters: LayeredFilter[]; state: ShopParams };

/**
 * The layered filters as plain form fields of the shop's GET form (spec §2 filter panel):
 * choice attributes as checkbox lists with counts (colours as chips), yes/no as radios,
 * number and date attributes as a min/max pair. Inputs are uncontrolled: the URL, read by
 * the loader, is the state; the form only proposes the next URL.
 */
export function FilterPanel({ filters, state }: Props) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-col gap-5" data-testid="filter-panel">
      <h2 className="text-lg font-semibold text-brand-900">{t("shop.filters.title")}</h2>
      {filters.map((filter) => (
        <fieldset key={filter.attributeCode} className="flex flex-col gap-1.5" data-testid={`filter-${filter.attributeCode}`}>
          <legend className="mb-1 font-medium text-slate-800">{filter.label}</legend>
          <FilterInputs filter={filter} state={state} />
        </fieldset>
      ))}
    </div>
  );
}

function FilterInputs({ filter, state }: { filter: LayeredFilter; state: ShopParams }) {
  const { t } = useTranslation();
  switch (filter.type) {
    case "dropdown":
    case "multipleSelect":
    case "textSwatch":
    case "visualSwatch":
      return <ValueList filter={filter} selected={state.values[filter.attributeCode] ?? []} />;
    case "yesNo":
      return <YesNo filter={filter} answer={state.yesNo[filter.attributeCode]} />;
    case "numberField":
    case "date":
    case "dateTime":
      return <RangeInputs filter={filter} range={state.ranges[filter.attributeCode]} />;
    default:
      // Spec §8: an unknown filter type is pointed out to developers only.
      return import.meta.env.DEV ? <p className="text-xs text-red-700">{t("shop.filters.unknownType")}</p> : null;
  }
}

const Count = ({ value }: { value: LayeredValue }) => <span className="text-slate-500">({value.totalProducts})</span>;

function ValueList({ filter, selected }: { filter: LayeredFilter; selected: number[] }) {
  return filter.values.map((value) => {
    const checked = selected.includes(Number(value.key));
    return (
      <label key={value.key} className={`flex items-center gap-2 text-sm ${!checked && value.totalProducts === 0 ? "text-slate-400" : ""}`}>
        <input
          type="checkbox"
          name={filter.attributeCode}
          value={value.key}
          defaultChecked={checked}
          // A value no product would show is offered only to be unticked.
          disabled={!checked && value.totalProducts === 0}
          className="h-4 w-4 accent-brand-600"
        />
        {filter.type === "visualSwatch" && value.swatch ? (
          <span
            aria-hidden="true"
            className="inline-block h-5 w-5 shrink-0 rounded-full border border-slate-300"
            style={{ backgroundColor: value.swatch }}
          />
        ) : null}
        <span className={filter.type === "textSwatch" ? "rounded border border-slate-300 px-1.5 py-0.5" : ""}>{value.valueLabel}</span>
        <Count value={value} />
      </label>
    );
  });
}

function YesNo({ filter, answer }: { filter: LayeredFilter; answer: boolean | undefined }) {
  const { t } = useTranslation();
  const current = answer === undefined ? "" : answer ? "yes" : "no";
  const options = [
    { key: "", label: t("shop.filters.any"), value: null },
    ...filter.values.map((v) => ({ key: v.key, label: t(`shop.filters.${v.key}`), value: v })),
  ];
  return options.map((option) => (
    <label key={option.key || "any"} className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={filter.attributeCode}
        value={option.key}
        defaultChecked={current === option.key}
        className="h-4 w-4 accent-brand-600"
      />
      {option.label}
      {option.value ? <Count value={option.value} /> : null}
    </label>
  ));
}

function RangeInputs({ filter, range }: { filter: LayeredFilter; range: ShopParams["ranges"][string] | undefined }) {
  const { t } = useTranslation();
  const bounds = filter.values[0];
  const type = filter.type === "numberField" ? "number" : filter.type === "date" ? "date" : "datetime-local";
  const unit = filter.unit ? ` (${filter.unit})` : "";
  const input = (end: "min" | "max") => (
    <label className="flex flex-1 flex-col text-xs text-slate-600">
      {t(`shop.filters.${end}`)}
      {unit}
      <input
        type={type}
        name={`${filter.attributeCode}_${end}`}
        defaultValue={range?.[end] ?? ""}
        // No min/max attributes: the browser would block the whole form on an out-of-range end.
        step={type === "number" ? "any" : undefined}
        placeholder={bounds ? ((end === "min" ? bounds.minLabel : bounds.maxLabel) ?? "") : undefined}
        className="mt-0.5 w-full rounded border border-slate-300 px-2 py-1 text-sm text-slate-800"
      />
    </label>
  );
  return (
    <>
      <div className="flex gap-2">
        {input("min")}
        {input("max")}
      </div>
      {bounds && bounds.minValue !== null ? (
        <p className="text-xs text-slate-500">
          {t("shop.filters.range", { min: bounds.minLabel, max: bounds.maxLabel })}
          {filter.unit ? ` ${filter.unit}` : ""} <Count value={bounds} />
        </p>
      ) : null}
    </>
  );
}
