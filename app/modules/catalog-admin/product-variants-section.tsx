import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import { answerFor, errorAt, ErrorLine, euros, Section, type Answer, type EditorView } from "./product-editor-parts";
import { loadedStockText } from "./stock-edit";

/**
 * A configurable product's configuring attributes, "generate variants" (tick values of
 * each attribute) and the variants: each row its own form (SKU, prices, stock, default),
 * removed with its own button; the full editor of a variant (images, texts) is its own page.
 */
/** A compact control of a variant's row (the section's forms stand side by side). */
const INLINE = "mt-1 block rounded border border-slate-300 bg-white px-2 py-1 text-sm";

export function ProductVariants({ view, lastResult }: { view: EditorView; lastResult: Answer }) {
  const { t } = useTranslation();
  const version = <input type="hidden" name="version" value={view.product.version} />;
  const configurable = view.attributes.filter(
    (a) => ["dropdown", "textSwatch", "visualSwatch", "numberField"].includes(a.type) && a.values.length > 0,
  );
  const configured = new Set(view.configuring.map((c) => c.id));
  const attributesAnswer = answerFor(lastResult, "configAttributes");
  const generateAnswer = answerFor(lastResult, "generate");
  const variantAnswer = answerFor(lastResult, "variant") ?? answerFor(lastResult, "removeVariant");
  const refusedVariant = variantAnswer?.initialValue?.variantId;
  // A refused row shows what was typed (its stock, when the stock moved since the page was opened).
  const typed = (id: number, name: string, current: string): string => {
    const posted = String(refusedVariant) === String(id) ? variantAnswer?.initialValue?.[name] : undefined;
    return typeof posted === "string" ? posted : current;
  };
  return (
    <Section id="variants" title={t("adminProducts.sections.variants")} testId="variants-section">
      <SecureForm className="space-y-2" data-testid="config-attributes-form">
        <input type="hidden" name="intent" value="configAttributes" />
        {version}
        <fieldset>
          <legend className="text-sm font-semibold">{t("adminProducts.variants.attributes")}</legend>
          <div className="flex flex-wrap gap-4">
            {configurable.map((a) => (
              <label key={a.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="attributes"
                  value={a.id}
                  defaultChecked={configured.has(a.id)}
                  className="size-4 accent-brand-600"
                />
                {a.label}
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorLine id="config-attributes-error" message={errorAt(attributesAnswer, "attributes") ?? attributesAnswer?.error?.[""]?.[0]} />
        <Button variant="secondary" size="sm">
          {t("adminProducts.variants.saveAttributes")}
        </Button>
      </SecureForm>

      {view.configuring.length ? (
        <SecureForm className="space-y-2" data-testid="generate-form">
          <input type="hidden" name="intent" value="generate" />
          {version}
          {view.configuring.map((c) => (
            <fieldset key={c.id}>
              <legend className="text-sm font-semibold">{c.label}</legend>
              <div className="flex flex-wrap gap-3">
                {c.values.map((v) => (
                  <label key={v.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="values" value={v.id} className="size-4 accent-brand-600" />
                    {v.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <p className="text-xs text-slate-600">{t("adminProducts.variants.generateHelp")}</p>
          <ErrorLine id="generate-error" message={errorAt(generateAnswer, "values") ?? generateAnswer?.error?.[""]?.[0]} />
          <Button variant="secondary" size="sm">
            {t("adminProducts.variants.generate")}
          </Button>
        </SecureForm>
      ) : null}

      <ul className="space-y-2" data-testid="variants">
        {view.variants.map((v) => (
          <li key={v.id} className="rounded border border-slate-200 p-2 text-sm" data-testid="variant-row" data-sku={v.sku}>
            <p className="mb-1 flex flex-wrap items-center gap-2">
              <span className="font-semibold">{v.values || "–"}</span>
              {v.archived ? <span className="text-slate-600">({t("adminProducts.state.archived")})</span> : null}
              <Link to={`/admin/products/${v.id}`} className="text-brand-700 underline">
                {t("adminProducts.variants.open")}
              </Link>
            </p>
            <div className="flex flex-wrap items-end gap-2">
              <SecureForm className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="variant" />
                <input type="hidden" name="variantId" value={v.id} />
                {version}
                <input type="hidden" name="stockLoaded" value={loadedStockText(v.stock)} />
                <label>
                  {t("adminProducts.fields.sku")}
                  <input name="sku" defaultValue={v.sku} required maxLength={64} className={`${INLINE} w-44`} />
                </label>
                <label>
                  {t("adminProducts.fields.retailPrice")}
                  <input
                    name="retailPrice"
                    defaultValue={euros(v.retailPriceCents)}
                    required
                    inputMode="decimal"
                    className={`${INLINE} w-24`}
                  />
                </label>
                <label>
                  {t("adminProducts.fields.price")}
                  <input name="price" defaultValue={euros(v.priceCents)} required inputMode="decimal" className={`${INLINE} w-24`} />
                </label>
                <label>
                  {t("adminProducts.fields.membershipPrice")}
                  <input
                    name="membershipPrice"
                    defaultValue={euros(v.membershipPriceCents)}
                    inputMode="decimal"
                    className={`${INLINE} w-24`}
                  />
                </label>
                <label className="flex items-center gap-1">
                  <input type="checkbox" name="trackStock" defaultChecked={v.stock !== null} />
                  {t("adminProducts.fields.trackStock")}
                </label>
                <label>
                  {t("adminProducts.fields.stock")}
                  <input
                    name="stock"
                    type="number"
                    min={0}
                    defaultValue={typed(v.id, "stock", String(v.stock ?? ""))}
                    className={`${INLINE} w-20`}
                  />
                </label>
                <label className="flex items-center gap-1">
                  <input type="checkbox" name="isDefault" defaultChecked={v.isDefault} />
                  {t("adminProducts.variants.default")}
                </label>
                <Button size="sm" variant="secondary">
                  {t("adminProducts.variants.save")}
                </Button>
              </SecureForm>
              <SecureForm>
                <input type="hidden" name="variantId" value={v.id} />
                {version}
                <Button name="intent" value="removeVariant" size="sm" variant="dangerGhost">
                  {t("adminProducts.variants.remove")}
                </Button>
              </SecureForm>
            </div>
            {String(refusedVariant) === String(v.id) ? <FormError errors={Object.values(variantAnswer?.error ?? {})[0]} /> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
