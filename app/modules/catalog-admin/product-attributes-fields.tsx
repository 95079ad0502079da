import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n";
import { CONTROL, errorAt, ErrorLine, Section, type EditorView } from "./product-editor-parts";

/**
 * The attribute set and the attribute values of the main form: the set's attributes first,
 * then the others; one control per attribute by its type (a select for a choice, checkboxes
 * for a multiple select, a number, yes/no, a date). Posted as `attrs[i].id` + `attrs[i].values`.
 * A configurable product's configuring attributes are not here: they follow its variants.
 */
export function ProductAttributesFields({ view, answer }: { view: EditorView; answer: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const set = view.attributeSets.find((s) => s.id === view.product.attributeSetId);
  const inSet = new Set(set?.attributeIds ?? []);
  const configuring = new Set(view.configuring.map((c) => c.id));
  const shown = [...view.attributes]
    .filter((a) => !configuring.has(a.id))
    .sort(
      (a, b) =>
        Number(inSet.has(b.id)) - Number(inSet.has(a.id)) || (set ? set.attributeIds.indexOf(a.id) - set.attributeIds.indexOf(b.id) : 0),
    );
  const own = (attributeId: number) => view.attributeValues.filter((v) => v.attributeId === attributeId);

  return (
    <Section id="attributes" title={t("adminProducts.sections.attributes")}>
      <label className="block max-w-sm text-sm font-semibold">
        {t("adminProducts.fields.attributeSet")}
        <select name="attributeSetId" defaultValue={view.product.attributeSetId ?? ""} className={CONTROL}>
          <option value="">{t("adminProducts.fields.noAttributeSet")}</option>
          {view.attributeSets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" data-testid="product-attributes">
        {shown.map((a, index) => {
          const values = own(a.id);
          const name = `attrs[${index}].values`;
          const id = `attr-${a.id}`;
          const label = `${a.label}${a.unit ? ` (${a.unit})` : ""}${inSet.has(a.id) ? " *" : ""}`;
          return (
            <div key={a.id} className="text-sm" data-attribute={a.code}>
              <input type="hidden" name={`attrs[${index}].id`} value={a.id} />
              {a.type === "multipleSelect" ? (
                <fieldset>
                  <legend className="font-semibold">{label}</legend>
                  {a.values.map((v) => (
                    <label key={v.id} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        name={name}
                        value={v.id}
                        defaultChecked={values.some((x) => x.valueId === v.id)}
                        className="size-4 accent-brand-600"
                      />
                      {v.label}
                    </label>
                  ))}
                </fieldset>
              ) : (
                <label htmlFor={id} className="font-semibold">
                  {label}
                </label>
              )}
              {a.type === "numberField" ? (
                <input id={id} name={name} inputMode="decimal" maxLength={20} defaultValue={values[0]?.number ?? ""} className={CONTROL} />
              ) : a.type === "yesNo" ? (
                <select
                  id={id}
                  name={name}
                  defaultValue={values[0]?.bool === undefined || values[0]?.bool === null ? "" : values[0].bool ? "yes" : "no"}
                  className={CONTROL}
                >
                  <option value="">–</option>
                  <option value="yes">{t("adminProducts.yes")}</option>
                  <option value="no">{t("adminProducts.no")}</option>
                </select>
              ) : a.type === "date" ? (
                <input id={id} type="date" name={name} defaultValue={values[0]?.date ?? ""} className={CONTROL} />
              ) : a.type === "dateTime" ? (
                <input id={id} type="datetime-local" name={name} defaultValue={values[0]?.dateTime ?? ""} className={CONTROL} />
              ) : a.type !== "multipleSelect" ? (
                <select id={id} name={name} defaultValue={values[0]?.valueId ?? ""} className={CONTROL}>
                  <option value="">–</option>
                  {a.values.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.label}
                    </option>
                  ))}
                </select>
              ) : null}
            </div>
          );
        })}
      </div>
      <ErrorLine id="product-attrs-error" message={errorAt(answer, "attrs")} />
    </Section>
  );
}
