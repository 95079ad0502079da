import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { getFormProps } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { PRICE_ENDINGS } from "~/lib/price-change";
import { WWW_POLICIES, type siteSettingsSchema } from "~/modules/settings/settings.schema";
import { SettingsPage } from "~/modules/settings/settings-page";
import { settingsAction, settingsLoader } from "~/routes/http/settings-route.server";

export const handle = { i18n: ["adminSettings"] };

/** The site: host policy, sitemap, home page, mail, low-stock hint, price endings of bulk price changes, registration, newsletter, copyright. */
export const loader = ({ request }: LoaderFunctionArgs) => settingsLoader(request, "site");
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request, "site");

const FLAGS = ["RegistrationRequiresEmailVerification", "AutoLoginAfterRegistration", "NewsletterDoubleOptIn"] as const;

export default function SiteSettings() {
  const { locale, values, fingerprint, constraint, audit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<z.input<typeof siteSettingsSchema>>({
    id: `site-${fingerprint.slice(0, 8)}`,
    lastResult,
    constraint,
    defaultValue: values as never,
  });
  const sitemap = fields.SiteMapOptions.getFieldset();
  const copyright = fields.CopyrightText.getFieldset();
  return (
    <SettingsPage title={t("adminSettings.sections.site")} audit={audit} locale={locale} testId="settings-site">
      <SecureForm {...getFormProps(form)} className="flex flex-col gap-2" data-testid="site-settings-form">
        <input type="hidden" name="fingerprint" value={fingerprint} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            meta={fields.HomePageSlug}
            label={t("adminSettings.site.HomePageSlug")}
            description={t("adminSettings.site.HomePageSlugHelp")}
          />
          <SelectField
            meta={fields.WwwPolicy}
            label={t("adminSettings.site.WwwPolicy")}
            options={WWW_POLICIES.map((value) => ({ value, label: t(`adminSettings.site.www.${value}`) }))}
          />
          <Field
            meta={fields.SendEmailTo}
            type="email"
            label={t("adminSettings.site.SendEmailTo")}
            description={t("adminSettings.site.SendEmailToHelp")}
          />
          <Field
            meta={fields.LowStockThreshold}
            type="number"
            label={t("adminSettings.site.LowStockThreshold")}
            description={t("adminSettings.site.LowStockThresholdHelp")}
          />
          <SelectField
            meta={fields.PriceEnding}
            label={t("adminSettings.site.PriceEnding")}
            description={t("adminSettings.site.PriceEndingHelp")}
            options={PRICE_ENDINGS.map((value) => ({ value, label: t(`adminSettings.site.priceEndings.${value}`) }))}
          />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold">{t("adminSettings.site.sitemap")}</legend>
          <CheckboxField meta={fields.AutoGenerateSiteMap} label={t("adminSettings.site.AutoGenerateSiteMap")} />
          {(["lastmod", "hreflang", "images"] as const).map((name) => (
            <CheckboxField key={name} meta={sitemap[name]} label={t(`adminSettings.site.sitemapOptions.${name}`)} />
          ))}
        </fieldset>
        {FLAGS.map((name) => (
          <CheckboxField key={name} meta={fields[name]} label={t(`adminSettings.site.${name}`)} />
        ))}
        <LanguageTabs idPrefix="copyright" errors={(l) => Boolean(copyright[l]?.errors?.length)}>
          {(l) => (
            <Field
              meta={copyright[l]}
              label={t("adminSettings.site.CopyrightText", { language: t(`admin.languages.${l}`) })}
              description={t(l === "hr" ? "adminSettings.site.CopyrightTextHelp" : "adminSettings.fallbackHelp")}
            />
          )}
        </LanguageTabs>
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button pending={navigation.state === "submitting"}>{t("adminSettings.save")}</Button>
        </div>
      </SecureForm>
    </SettingsPage>
  );
}
