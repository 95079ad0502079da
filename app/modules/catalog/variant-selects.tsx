import { useHydrated } from "remix-utils/use-hydrated";
import { Form, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { Configuration, Selection } from "./product-view";

type SelectsProps = {
  config: Configuration;
  selection: Selection;
  /** Field-name prefix: "" for the product's own attributes, "p{partId}." for a bundle part. */
  prefix?: string;
  onChoose: (attributeCode: string, valueId: number) => void;
};

/**
 * One select per configured attribute (spec §3 associatedProductsAttributes), each on the
 * selected value. Options carry the machine value (ral-7016, 0.7), so the URL a GET form
 * builds is readable and language-neutral. A colour attribute shows its swatch beside.
 */
export function VariantSelects({ config, selection, prefix = "", onChoose }: SelectsProps) {
  return (
    <>
      {config.associatedProductsAttributes.map((attribute) => {
        const id = `attr-${prefix}${attribute.attributeCode}`.replace(/\W/g, "-");
        const current = attribute.values.find((v) => v.id === selection[attribute.attributeCode]);
        return (
          <div key={attribute.attributeCode} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-slate-700">
              {attribute.label}
            </label>
            <div className="flex items-center gap-2">
              {current?.isMedia && current.swatch ? (
                <span
                  aria-hidden="true"
                  className="h-6 w-6 shrink-0 rounded-full border border-slate-300"
                  style={{ backgroundColor: current.swatch }}
                />
              ) : null}
              <select
                id={id}
                name={prefix + attribute.attributeCode}
                value={current?.value ?? ""}
                onChange={(event) => {
                  const value = attribute.values.find((v) => v.value === event.target.value);
                  if (value) onChoose(attribute.attributeCode, value.id);
                }}
                className="w-full rounded border border-slate-300 bg-white px-3 py-2"
                data-testid={`select-${prefix}${attribute.attributeCode}`}
              >
                {attribute.values.map((value) => (
                  <option key={value.id} value={value.value}>
                    {value.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        );
      })}
    </>
  );
}

/**
 * The GET form around selects for pages without JavaScript: its button re-renders the page
 * with the chosen values in the URL. The URL's other parameters (cartItemId, the other
 * selects' values) ride along as hidden fields. With JavaScript the selects switch at once
 * and the button is not rendered.
 */
export function SelectionForm({
  hydrated,
  names,
  label,
  children,
  testId,
}: {
  hydrated: boolean;
  names: string[];
  label: string;
  children: ReactNode;
  testId: string;
}) {
  const [params] = useSearchParams();
  const kept = [...params].filter(([key]) => !names.includes(key));
  return (
    <Form method="get" preventScrollReset replace className="flex flex-col gap-3" data-testid={testId}>
      {kept.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      {children}
      {hydrated ? null : (
        <Button variant="secondary" className="self-start">
          {label}
        </Button>
      )}
    </Form>
  );
}

/**
 * The main product's variant choice (configurable products only). The product page loads
 * it with `serverFirst`, so a simple product's first-load JavaScript does not carry it.
 */
export function MainVariantForm({ config, selection, onChoose, label }: Omit<SelectsProps, "prefix"> & { label: string }) {
  // Read here, inside the section, not passed in: a prop that changes on hydration would
  // reach the section while it still hydrates (React #421).
  const hydrated = useHydrated();
  return (
    <SelectionForm hydrated={hydrated} names={selectNames(config)} label={label} testId="variant-form">
      <VariantSelects config={config} selection={selection} onChoose={onChoose} />
    </SelectionForm>
  );
}

/** The selects' field names, for SelectionForm's `names`. */
export function selectNames(config: Configuration, prefix = ""): string[] {
  return config.associatedProductsAttributes.map((a) => prefix + a.attributeCode);
}
