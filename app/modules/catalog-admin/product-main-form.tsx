import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { MediaChooser } from "~/components/admin/media-chooser";
import { SerpPreview } from "~/components/admin/serp-preview";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { pageTitle } from "~/lib/page-title";
import { href } from "~/lib/routes-table";
import type { SerpContext } from "~/modules/site/serp-context.server";
import { PRICE_UNITS, PRODUCT_TYPES, VAT_RATES, type ProductSaveInput } from "./product-editor.schema";
import { answerFor, CONTROL, errorAt, ErrorLine, euros, Section, type Answer, type EditorView } from "./product-editor-parts";
import { ProductAttributesFields } from "./product-attributes-fields";
import { loadedStockText } from "./stock-edit";

/** The media library's JSON route: it stores one upload per request (the library's own checks). */
const MEDIA_UPLOAD_URL = "/admin/media/library.json";

/**
 * The editor's main form (intent "save"): texts per language, identity, visibility, prices,
 * VAT, stock, categories, tags, attributes, images, the e-product's file and cross-sells.
 * Multipart, because without JavaScript images (and an e-product's file) are uploaded with
 * the same post; with it, images go to the media library one per request as they are chosen
 * (MediaChooser, decision 0134).
 */
export function ProductMainForm({
  view,
  constraint,
  lastResult,
  serp,
}: {
  view: EditorView;
  constraint: FormConstraint;
  lastResult: Answer;
  /** The search-result preview's context (decision 0125): PUBLIC_URL and the shop's name. */
  serp: SerpContext;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const answer = answerFor(lastResult, "save");
  const { product } = view;
  const defaultValue: ProductSaveInput = {
    intent: "save",
    version: product.version as never,
    translations: view.translations,
    sku: product.sku,
    type: product.type,
    visible: product.isVisibleIndividually as never,
    madeToOrder: product.madeToOrder as never,
    retailPrice: euros(product.retailPriceCents),
    price: euros(product.priceCents),
    membershipPrice: euros(product.membershipPriceCents),
    priceUnit: product.priceUnit,
    taxRateBp: product.taxRateBp as never,
    trackStock: (product.stock !== null) as never,
    stock: (product.stock ?? undefined) as never,
    stockLoaded: loadedStockText(product.stock),
    shippingWeight: (product.shippingWeightG ?? undefined) as never,
    categoryPriority: product.categoryPriority as never,
  };
  const [form, fields] = useShopForm<ProductSaveInput>({ id: "product", lastResult: answer, constraint, defaultValue });
  const texts = fields.translations.getFieldset();
  const chosen = (name: string, current: number[]) => {
    const posted = answer?.initialValue?.[name];
    if (posted === undefined) return new Set(current.map(String));
    return new Set(Array.isArray(posted) ? posted.map(String) : [String(posted)]);
  };
  const categories = chosen("categories", view.categoryIds);
  const tags = chosen("tags", view.tagIds);
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const langErrors = (l: string) =>
    Boolean(answer?.error && Object.keys(answer.error).some((key) => key.startsWith(`translations.${l}.`) && answer.error?.[key]?.length));

  return (
    <SecureForm {...getFormProps(form)} encType="multipart/form-data" className="space-y-4" data-testid="product-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={product.version} />
      {/* The stock as shown now (after a refused save: the current one), what a changed stock is checked against (decision 0092). */}
      <input type="hidden" name="stockLoaded" value={loadedStockText(product.stock)} />
      <Section id="texts" title={t("adminProducts.sections.texts")}>
        <LanguageTabs errors={(l) => langErrors(l)}>
          {(l) => {
            const own = texts[l].getFieldset();
            return (
              <div className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid={`texts-${l}`}>
                <Field meta={own.name} label={t("adminProducts.fields.name")} />
                <Field meta={own.slug} label={t("adminProducts.fields.slug")} description={t("adminProducts.help.slug")} />
                <TextareaField
                  meta={own.shortDescription}
                  label={t("adminProducts.fields.shortDescription")}
                  rows={2}
                  className="md:col-span-2"
                />
                <TextareaField
                  meta={own.description}
                  label={t("adminProducts.fields.description")}
                  description={t("adminProducts.help.description")}
                  rows={5}
                  className="md:col-span-2"
                />
                <Field meta={own.metaTitle} label={t("adminProducts.fields.metaTitle")} description={t("adminProducts.help.seo")} />
                <TextareaField meta={own.metaDescription} label={t("adminProducts.fields.metaDescription")} rows={2} />
                <div className="md:col-span-2">
                  {/* As the product page builds its head (storefront/product.tsx): own SEO texts, else name and short description. */}
                  <SerpPreview
                    title={pageTitle(own.name.value ?? "", serp.siteName, own.metaTitle.value ?? "")}
                    description={own.metaDescription.value ?? ""}
                    fallbackDescription={own.shortDescription.value ?? ""}
                    url={own.slug.value?.trim() ? serp.origin + href("product", l, { slug: own.slug.value.trim() }) : ""}
                    testId={`serp-preview-${l}`}
                  />
                </div>
              </div>
            );
          }}
        </LanguageTabs>
      </Section>

      <Section id="basics" title={t("adminProducts.sections.basics")}>
        <div className="grid gap-3 md:grid-cols-3">
          <Field meta={fields.sku} label={t("adminProducts.fields.sku")} autoComplete="off" />
          <SelectField
            meta={fields.type}
            label={t("adminProducts.fields.type")}
            options={PRODUCT_TYPES.map((v) => ({ value: v, label: t(`adminProducts.type.${v}`) }))}
          />
          <p className="text-sm">
            <span className="block font-semibold">{t("adminProducts.fields.format")}</span>
            <span data-testid="product-format">{t(`adminProducts.format.${product.format}`)}</span>
          </p>
          <CheckboxField meta={fields.visible} label={t("adminProducts.fields.visible")} description={t("adminProducts.help.visible")} />
          <CheckboxField meta={fields.madeToOrder} label={t("adminProducts.fields.madeToOrder")} />
        </div>
      </Section>

      <Section id="prices" title={t("adminProducts.sections.prices")}>
        <div className="grid gap-3 md:grid-cols-3">
          <Field meta={fields.retailPrice} label={t("adminProducts.fields.retailPrice")} inputMode="decimal" />
          <Field
            meta={fields.price}
            label={t("adminProducts.fields.price")}
            description={t("adminProducts.help.price")}
            inputMode="decimal"
          />
          <Field meta={fields.membershipPrice} label={t("adminProducts.fields.membershipPrice")} optional inputMode="decimal" />
          <p className="text-sm" data-testid="basic-price">
            <span className="block font-semibold">{t("adminProducts.fields.basicPrice")}</span>
            {euros(product.basicPriceCents)} €
          </p>
          <p className="text-sm" data-testid="discount-percent">
            <span className="block font-semibold">{t("adminProducts.fields.discount")}</span>
            {product.discountPercent} %
          </p>
          <SelectField
            meta={fields.taxRateBp}
            label={t("adminProducts.fields.vat")}
            options={VAT_RATES.map((v) => ({ value: String(v), label: `${v / 100} %` }))}
          />
          <SelectField
            meta={fields.priceUnit}
            label={t("adminProducts.fields.priceUnit")}
            description={t("adminProducts.help.priceUnit")}
            options={PRICE_UNITS.map((v) => ({ value: v, label: t(`adminProducts.priceUnit.${v}`) }))}
          />
          <CheckboxField meta={fields.trackStock} label={t("adminProducts.fields.trackStock")} />
          <Field meta={fields.stock} type="number" label={t("adminProducts.fields.stock")} optional />
          <Field
            meta={fields.shippingWeight}
            type="number"
            label={t("adminProducts.fields.shippingWeight")}
            description={t(product.priceUnit === "metre" ? "adminProducts.help.shippingWeightMetre" : "adminProducts.help.shippingWeight")}
            optional
          />
          <Field meta={fields.categoryPriority} type="number" label={t("adminProducts.fields.categoryPriority")} />
        </div>
      </Section>

      <Section id="categories" title={t("adminProducts.sections.categories")}>
        <fieldset aria-describedby="product-categories-error">
          <legend className="sr-only">{t("adminProducts.sections.categories")}</legend>
          <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-categories">
            {view.categories.map((c, index) => (
              <li key={c.id} style={{ paddingLeft: `${c.depth - 1}rem` }} className="flex items-center gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="categories"
                    value={c.id}
                    defaultChecked={categories.has(String(c.id))}
                    className="size-4 accent-brand-600"
                  />
                  {c.name}
                </label>
                <input type="hidden" name={`categoryPositions[${index}].id`} value={c.id} />
                <input
                  type="number"
                  name={`categoryPositions[${index}].position`}
                  min={0}
                  max={100000}
                  defaultValue={view.categoryPositions[c.id] ?? ""}
                  aria-label={t("adminProducts.fields.categoryPosition", { name: c.name })}
                  className="w-16 rounded border border-slate-300 px-1 text-xs"
                />
              </li>
            ))}
          </ul>
          <ErrorLine id="product-categories-error" message={errorAt(answer, "categories")} />
        </fieldset>
        <fieldset aria-describedby="product-tags-error">
          <legend className="text-sm font-semibold">{t("adminProducts.fields.tags")}</legend>
          <ul className="flex flex-wrap gap-3">
            {view.tags.map((tag) => (
              <li key={tag.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="tags"
                    value={tag.id}
                    defaultChecked={tags.has(String(tag.id))}
                    className="size-4 accent-brand-600"
                  />
                  {tag.name}
                </label>
              </li>
            ))}
          </ul>
          <label className="mt-2 block max-w-sm text-sm">
            {t("adminProducts.fields.newTag")}
            <input name="newTag" maxLength={100} className={CONTROL} />
          </label>
          <ErrorLine id="product-tags-error" message={errorAt(answer, "tags") ?? errorAt(answer, "newTag")} />
        </fieldset>
      </Section>

      <ProductAttributesFields view={view} answer={answer} />

      <Section id="images" title={t("adminProducts.sections.images")}>
        <MediaChooser
          name="images"
          uploadName="imageUploads"
          choices={view.mediaChoices}
          selected={view.images.map((i) => i.id)}
          label={t("adminProducts.fields.images")}
          uploadUrl={MEDIA_UPLOAD_URL}
        />
        {view.images.length ? (
          <ul className="flex flex-wrap gap-4 text-sm" aria-label={t("adminProducts.fields.imageOrder")}>
            {view.images.map((image, index) => {
              const title = view.mediaChoices.find((c) => c.id === image.id)?.title ?? String(image.id);
              return (
                <li key={image.id} className="flex items-center gap-2">
                  <input type="hidden" name={`imageOrder[${index}].id`} value={image.id} />
                  <label className="flex items-center gap-1">
                    {t("adminProducts.fields.position", { title })}
                    <input
                      type="number"
                      name={`imageOrder[${index}].position`}
                      defaultValue={image.position}
                      min={0}
                      max={999}
                      className="w-16 rounded border px-1"
                    />
                  </label>
                  <label className="flex items-center gap-1">
                    <input type="radio" name="defaultImage" value={image.id} defaultChecked={image.isDefault} />
                    {t("adminProducts.fields.defaultImage")}
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
        <ErrorLine id="product-images-error" message={errorAt(answer, "images") ?? errorAt(answer, "imageUploads")} />
        {product.format === "e-product" ? (
          <div className="text-sm" data-testid="e-product-file">
            <p className="font-semibold">{t("adminProducts.fields.eProductFile")}</p>
            <p>{product.eProductFileName ?? t("adminProducts.help.noFile")}</p>
            <input
              type="file"
              name="eProductFile"
              accept="application/pdf,application/zip,image/*"
              className="mt-1"
              aria-label={t("adminProducts.fields.eProductFile")}
            />
          </div>
        ) : null}
      </Section>

      <Section id="cross-sells" title={t("adminProducts.sections.crossSells")}>
        <ul className="space-y-1 text-sm">
          {view.crossSells.map((c) => (
            <li key={c.id}>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="crossSells" value={c.id} defaultChecked className="size-4 accent-brand-600" />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
        <label className="block max-w-sm text-sm">
          {t("adminProducts.fields.addCrossSell")}
          <input name="addCrossSell" maxLength={200} aria-describedby="product-addCrossSell-error" className={CONTROL} />
        </label>
        <ErrorLine id="product-addCrossSell-error" message={errorAt(answer, "addCrossSell") ?? errorAt(answer, "crossSells")} />
      </Section>

      <FormError id={form.errorId} errors={form.errors} testId="product-form-error" />
      <Button pending={pending} data-testid="save-product">
        {t("adminProducts.save")}
      </Button>
    </SecureForm>
  );
}
