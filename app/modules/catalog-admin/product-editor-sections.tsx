import { Link, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import { answerFor, CONTROL, errorAt, ErrorLine, Section, type Answer, type EditorView } from "./product-editor-parts";

export { ProductVariants } from "./product-variants-section";

/**
 * The editor's smaller sections: status and actions (preview, duplicate, archive, delete),
 * custom options, a bundle's parts. Each is its own form posting the product's version.
 */
export function ProductActions({ view, lastResult }: { view: EditorView; lastResult: Answer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { product } = view;
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const refusal = ["duplicate", "archive", "unarchive", "delete"].map((intent) => answerFor(lastResult, intent)).find(Boolean);
  const version = <input type="hidden" name="version" value={product.version} />;
  const state = product.archived ? "archived" : product.isVisibleIndividually ? "visible" : "hidden";
  return (
    <Section id="actions" title={t("adminProducts.sections.actions")} testId="product-actions">
      <p className="text-sm">
        <span className="font-semibold">{t("adminProducts.fields.state")}: </span>
        <span data-testid="product-state">{t(`adminProducts.state.${state}`)}</span>
        {product.parentId ? (
          <>
            {" · "}
            <Link to={`/admin/products/${product.parentId}`} className="text-brand-700 underline">
              {t("adminProducts.variantOf", { name: product.parentName })}
            </Link>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="product-preview">
        <span className="font-semibold">{t("adminProducts.preview")}:</span>
        {view.preview ? (
          LOCALES.map((l) => (
            <a key={l} href={view.preview![l]} target="_blank" rel="noreferrer" className="text-brand-700 underline">
              {t(`admin.languages.${l}`)}
            </a>
          ))
        ) : (
          <span className="text-slate-600">{t("adminProducts.previewHidden")}</span>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <SecureForm>
          {version}
          <Button name="intent" value="duplicate" variant="secondary" pending={busy("duplicate")}>
            {t("adminProducts.duplicate")}
          </Button>
        </SecureForm>
        <SecureForm>
          {version}
          <Button
            name="intent"
            value={product.archived ? "unarchive" : "archive"}
            variant="secondary"
            pending={busy("archive") || busy("unarchive")}
          >
            {t(product.archived ? "adminProducts.unarchive" : "adminProducts.archive")}
          </Button>
        </SecureForm>
        {product.ordered ? (
          <p className="max-w-sm text-sm text-slate-600" data-testid="delete-ordered">
            {t("adminProducts.deleteOrdered")}
          </p>
        ) : (
          <SecureForm className="flex flex-wrap items-center gap-2 rounded border border-red-200 p-2" data-testid="delete-form">
            {version}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="confirm" required className="size-4" />
              {t("adminProducts.deleteConfirm")}
            </label>
            <Button name="intent" value="delete" variant="danger" pending={busy("delete")}>
              {t("adminProducts.delete")}
            </Button>
          </SecureForm>
        )}
      </div>
      <FormError errors={refusal ? (refusal.error?.[""] ?? Object.values(refusal.error ?? {})[0]) : null} testId="product-action-error" />
    </Section>
  );
}

export function ProductOptionsForm({ view, lastResult }: { view: EditorView; lastResult: Answer }) {
  const { t } = useTranslation();
  const answer = answerFor(lastResult, "options");
  const rows = [
    ...view.options.map((o) => ({ ...o, isNew: false })),
    {
      id: undefined,
      optionType: "number" as const,
      code: "",
      label: {} as Record<string, string>,
      required: false,
      minValue: null,
      maxValue: null,
      unit: "",
      values: "",
      isLength: false,
      isNew: true,
    },
  ];
  return (
    <Section id="options" title={t("adminProducts.sections.options")}>
      <SecureForm className="space-y-3" data-testid="options-form">
        <input type="hidden" name="intent" value="options" />
        <input type="hidden" name="version" value={view.product.version} />
        {rows.map((o, i) => (
          <fieldset key={o.id ?? "new"} className="grid gap-2 rounded border border-slate-200 p-2 text-sm md:grid-cols-4">
            <legend className="px-1 font-semibold">{o.isNew ? t("adminProducts.options.new") : o.code}</legend>
            {o.id !== undefined ? <input type="hidden" name={`options[${i}].id`} value={o.id} /> : null}
            <label>
              {t("adminProducts.options.type")}
              <select name={`options[${i}].optionType`} defaultValue={o.optionType} className={CONTROL}>
                <option value="text">{t("adminProducts.options.text")}</option>
                <option value="number">{t("adminProducts.options.number")}</option>
              </select>
            </label>
            <label>
              {t("adminProducts.options.code")}
              <input name={`options[${i}].code`} defaultValue={o.code} maxLength={50} className={CONTROL} />
            </label>
            {(["Hr", "En", "De"] as const).map((l) => (
              <label key={l}>
                {t(`adminProducts.options.label${l}`)}
                <input name={`options[${i}].label${l}`} defaultValue={o.label[l.toLowerCase()] ?? ""} maxLength={200} className={CONTROL} />
              </label>
            ))}
            <label>
              {t("adminProducts.options.min")}
              <input name={`options[${i}].minValue`} type="number" step="any" min={0} defaultValue={o.minValue ?? ""} className={CONTROL} />
            </label>
            <label>
              {t("adminProducts.options.max")}
              <input name={`options[${i}].maxValue`} type="number" step="any" min={0} defaultValue={o.maxValue ?? ""} className={CONTROL} />
            </label>
            <label>
              {t("adminProducts.options.unit")}
              <input name={`options[${i}].unit`} defaultValue={o.unit ?? ""} maxLength={10} className={CONTROL} />
            </label>
            <label className="md:col-span-2">
              {t("adminProducts.options.values")}
              <textarea name={`options[${i}].values`} defaultValue={o.values} rows={2} maxLength={5000} className={CONTROL} />
            </label>
            <div className="flex flex-col gap-1">
              <label className="flex items-center gap-2">
                <input type="checkbox" name={`options[${i}].required`} defaultChecked={o.required} />
                {t("adminProducts.options.required")}
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name={`options[${i}].isLength`} defaultChecked={o.isLength} />
                {t("adminProducts.options.isLength")}
              </label>
              {o.isNew ? null : (
                <label className="flex items-center gap-2">
                  <input type="checkbox" name={`options[${i}].remove`} />
                  {t("adminProducts.options.remove")}
                </label>
              )}
            </div>
            <ErrorLine id={`options-${i}-error`} message={errorAt(answer, `options[${i}]`)} />
          </fieldset>
        ))}
        <FormError errors={answer?.error?.[""] ?? answer?.error?.options} />
        <Button variant="secondary">{t("adminProducts.options.save")}</Button>
      </SecureForm>
    </Section>
  );
}

export function ProductPartsForm({ view, lastResult }: { view: EditorView; lastResult: Answer }) {
  const { t } = useTranslation();
  const answer = answerFor(lastResult, "parts");
  return (
    <Section id="parts" title={t("adminProducts.sections.parts")} testId="parts-section">
      <SecureForm className="space-y-3" data-testid="parts-form">
        <input type="hidden" name="intent" value="parts" />
        <input type="hidden" name="version" value={view.product.version} />
        <ul className="space-y-2 text-sm">
          {view.parts.map((p, i) => (
            <li key={p.productId} className="flex flex-wrap items-center gap-3" data-testid="bundle-part">
              <input type="hidden" name={`parts[${i}].productId`} value={p.productId} />
              <Link to={`/admin/products/${p.productId}`} className="min-w-48 text-brand-700 underline">
                {p.name}
              </Link>
              <label>
                {t("adminProducts.parts.quantity")}{" "}
                <input
                  type="number"
                  name={`parts[${i}].quantity`}
                  defaultValue={p.quantity}
                  min={1}
                  max={999}
                  className="w-20 rounded border px-1"
                />
              </label>
              <label>
                {t("adminProducts.parts.position")}{" "}
                <input
                  type="number"
                  name={`parts[${i}].position`}
                  defaultValue={p.position}
                  min={0}
                  max={999}
                  className="w-16 rounded border px-1"
                />
              </label>
              <label className="flex items-center gap-1">
                <input type="checkbox" name={`parts[${i}].remove`} />
                {t("adminProducts.parts.remove")}
              </label>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <label className="min-w-64">
            {t("adminProducts.parts.add")}
            <input name="addPart" maxLength={200} aria-describedby="parts-add-error" className={CONTROL} />
          </label>
          <label>
            {t("adminProducts.parts.quantity")}
            <input type="number" name="addQuantity" defaultValue={1} min={1} max={999} className={CONTROL} />
          </label>
        </div>
        <ErrorLine id="parts-add-error" message={errorAt(answer, "addPart") ?? errorAt(answer, "parts") ?? answer?.error?.[""]?.[0]} />
        <Button variant="secondary">{t("adminProducts.parts.save")}</Button>
      </SecureForm>
    </Section>
  );
}
