import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SerpPreview } from "~/components/admin/serp-preview";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { excerptOf } from "~/lib/excerpt";
import type { Locale } from "~/lib/locales";
import { pageTitle } from "~/lib/page-title";
import { href } from "~/lib/routes-table";
import type { SerpContext } from "~/modules/site/serp-context.server";

export type PageTextValues = { title: string; slug: string; metaDescription: string; bodyHtml: string };

/**
 * One language's text of a page or post (decision 0054): title, slug (spec §5 rules),
 * meta description and the body as HTML (sanitised with the CMS allow-list on save). It
 * posts the version it showed; someone else's save in between is a 409 and nothing is
 * overwritten. A form per language, so each language keeps its own version history.
 * Below the texts, their search-result preview (decision 0125), following the typing.
 */
export function PageTextForm({
  locale,
  values,
  version,
  lastResult,
  constraint,
  serp,
  isHome,
}: {
  locale: Locale;
  values: PageTextValues | null;
  version: number | null;
  lastResult: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
  serp: SerpContext;
  isHome: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<PageTextValues>({
    id: `page-text-${locale}`,
    lastResult,
    constraint,
    defaultValue: values ?? undefined,
  });
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "text" && navigation.formData?.get("language") === locale;
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-1 rounded border border-slate-200 bg-white p-4"
      data-testid={`page-text-${locale}`}
    >
      <input type="hidden" name="intent" value="text" />
      <input type="hidden" name="language" value={locale} />
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      <div className="grid gap-x-4 md:grid-cols-2">
        <Field meta={fields.title} label={t("adminContent.fields.title")} />
        <Field
          meta={fields.slug}
          label={t("adminContent.fields.slug")}
          description={t("adminContent.fields.slugHelp")}
          autoComplete="off"
        />
      </div>
      <TextareaField meta={fields.metaDescription} label={t("adminContent.fields.metaDescription")} rows={2} optional />
      <PageSerpPreview
        locale={locale}
        serp={serp}
        isHome={isHome}
        title={fields.title.value ?? ""}
        slug={fields.slug.value ?? ""}
        description={fields.metaDescription.value ?? ""}
        bodyHtml={fields.bodyHtml.value ?? ""}
      />
      <TextareaField
        meta={fields.bodyHtml}
        label={t("adminContent.fields.bodyHtml")}
        description={t("adminContent.fields.bodyHtmlHelp")}
        rows={10}
        optional
        className="font-mono"
      />
      <FormError id={form.errorId} errors={form.errors} testId={`page-text-error-${locale}`} />
      <Button pending={pending}>{t("adminContent.saveText")}</Button>
    </SecureForm>
  );
}

/** The page's result as its route builds title and description (storefront/page.tsx): the home page has the shop's own title. */
function PageSerpPreview({
  locale,
  serp,
  isHome,
  title,
  slug,
  description,
  bodyHtml,
}: {
  locale: Locale;
  serp: SerpContext;
  isHome: boolean;
  title: string;
  slug: string;
  description: string;
  bodyHtml: string;
}) {
  const path = isHome ? serp.home[locale].path : slug.trim() ? href("page", locale, { slug: slug.trim() }) : "";
  return (
    <SerpPreview
      title={isHome ? serp.home[locale].title : pageTitle(title, serp.siteName)}
      description={description}
      fallbackDescription={excerptOf(bodyHtml)}
      url={path ? serp.origin + path : ""}
      testId={`serp-preview-${locale}`}
    />
  );
}
