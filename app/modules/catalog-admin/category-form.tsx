import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { MediaChooser, type MediaChoice } from "~/components/admin/media-chooser";
import { SerpPreview } from "~/components/admin/serp-preview";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxGroup } from "~/components/ui/checkbox-group";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { plainTextOf } from "~/lib/excerpt";
import type { Locale } from "~/lib/locales";
import { pageTitle } from "~/lib/page-title";
import { href } from "~/lib/routes-table";
import type { SerpContext } from "~/modules/site/serp-context.server";
import type { CategoryFormInput, CategoryTranslationInput } from "./category-admin.schema";

export type CategoryFormValues = {
  version: number;
  parentId: string;
  mediaId: number | null;
  sortTypes: number[];
  sortDefaultType: number;
  translations: Partial<Record<Locale, Partial<CategoryTranslationInput>>>;
};

type Props = {
  values: CategoryFormValues;
  parents: { id: number; label: string }[];
  sorts: { id: number; name: string }[];
  media: MediaChoice[];
  lastResult: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
  /** The search-result preview's context (decision 0125). */
  serp: SerpContext;
};

/**
 * The category's edit form (decision 0048): texts per language in LanguageTabs (name,
 * title, slug, description, SEO title and description), the parent, the image and the
 * sort options. Without JavaScript the browser checks the constraints and the server
 * answers with the errors at their fields.
 */
export function CategoryForm({ values, parents, sorts, media, lastResult, constraint, serp }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<CategoryFormInput>({
    id: "category",
    lastResult,
    constraint,
    defaultValue: { ...values, sortTypes: values.sortTypes.map(String), sortDefaultType: String(values.sortDefaultType) } as never,
  });
  const languages = fields.translations.getFieldset();
  const sortErrors = fields.sortTypes.errors;
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      encType="multipart/form-data"
      className="space-y-4 rounded border border-slate-200 bg-white p-4"
      data-testid="category-form"
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={values.version} />
      <LanguageTabs errors={(locale) => Boolean(Object.values(languages[locale].getFieldset()).some((f) => f.errors?.length))}>
        {(locale) => {
          const text = languages[locale].getFieldset();
          const optional = locale !== "hr";
          return (
            <div className="grid gap-x-4 md:grid-cols-2">
              <Field
                meta={text.name}
                label={t("adminCatalog.fields.name")}
                required={!optional}
                optional={optional}
                data-testid={`name-${locale}`}
              />
              <Field
                meta={text.slug}
                label={t("adminCatalog.fields.slug")}
                required={!optional}
                optional={optional}
                data-testid={`slug-${locale}`}
              />
              <Field meta={text.title} label={t("adminCatalog.fields.title")} optional />
              <Field meta={text.metaTitle} label={t("adminCatalog.fields.metaTitle")} optional />
              <TextareaField
                meta={text.description}
                label={t("adminCatalog.fields.description")}
                description={t("adminCatalog.fields.descriptionHelp")}
                optional
                className="md:col-span-2"
              />
              <TextareaField
                meta={text.metaDescription}
                label={t("adminCatalog.fields.metaDescription")}
                optional
                rows={2}
                className="md:col-span-2"
              />
              <div className="md:col-span-2">
                {/* As the category's page builds its head (catalog/shop-page.server.ts). */}
                <SerpPreview
                  title={pageTitle(text.title.value?.trim() || (text.name.value ?? ""), serp.siteName, text.metaTitle.value ?? "")}
                  description={text.metaDescription.value ?? ""}
                  fallbackDescription={plainTextOf(text.description.value ?? "") || serp.shopDescription[locale]}
                  url={text.slug.value?.trim() ? serp.origin + href("shop", locale, { slug: text.slug.value.trim() }) : ""}
                  testId={`serp-preview-${locale}`}
                />
              </div>
            </div>
          );
        }}
      </LanguageTabs>
      <SelectField
        meta={fields.parentId}
        label={t("adminCatalog.categories.parent")}
        placeholder={t("adminCatalog.categories.topLevel")}
        options={parents.map((p) => ({ value: String(p.id), label: p.label }))}
        data-testid="parent-select"
      />
      <CheckboxGroup
        name="sortTypes"
        legend={t("adminCatalog.categories.sortTypes")}
        options={sorts.map((s) => ({ value: String(s.id), label: t(s.name) }))}
        defaultChecked={values.sortTypes.map(String)}
        errors={sortErrors}
        idPrefix="sort"
        testId="sort-types"
      />
      <p className="text-xs text-slate-600">{t("adminCatalog.categories.sortTypesHelp")}</p>
      <SelectField
        meta={fields.sortDefaultType}
        label={t("adminCatalog.categories.sortDefault")}
        options={sorts.map((s) => ({ value: String(s.id), label: t(s.name) }))}
        data-testid="sort-default"
      />
      <MediaChooser
        name="mediaId"
        uploadName="mediaUpload"
        choices={media}
        selected={values.mediaId ? [values.mediaId] : []}
        multiple={false}
        label={t("adminCatalog.categories.image")}
      />
      <FormError id={form.errorId} errors={form.errors} testId="category-error" />
      <Button pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}>{t("adminCatalog.save")}</Button>
    </SecureForm>
  );
}
