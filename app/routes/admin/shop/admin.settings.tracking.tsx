import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { getFormProps } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { trackingSettingsSchema } from "~/modules/settings/settings.schema";
import { SettingsPage } from "~/modules/settings/settings-page";
import { settingsAction, settingsLoader } from "~/routes/http/settings-route.server";

export const handle = { i18n: ["adminSettings"] };

/**
 * Cookies and tracking: the cookie notice per language and the ids of the tags the shop
 * renders once a visitor accepts their cookie category (modules/consent/tracking.server.ts).
 * No raw script (HeatmapCode): see docs/decisions/0050.
 */
export const loader = ({ request }: LoaderFunctionArgs) => settingsLoader(request, "tracking");
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request, "tracking");

const IDS = ["GoogleAnalyticsId", "GoogleTagManagerId", "FacebookPixelId"] as const;

export default function TrackingSettings() {
  const { locale, values, fingerprint, constraint, audit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<z.input<typeof trackingSettingsSchema>>({
    id: `tracking-${fingerprint.slice(0, 8)}`,
    lastResult,
    constraint,
    defaultValue: values as never,
  });
  const notice = fields.CookieNotice.getFieldset();
  return (
    <SettingsPage
      title={t("adminSettings.sections.tracking")}
      help={t("adminSettings.tracking.help")}
      audit={audit}
      locale={locale}
      testId="settings-tracking"
    >
      <SecureForm {...getFormProps(form)} className="flex flex-col gap-3" data-testid="tracking-settings-form">
        <input type="hidden" name="fingerprint" value={fingerprint} />
        <LanguageTabs idPrefix="cookie-notice" errors={(l) => Boolean(notice[l]?.errors?.length)}>
          {(l) => (
            <TextareaField
              meta={notice[l]}
              label={t("adminSettings.tracking.CookieNotice", { language: t(`admin.languages.${l}`) })}
              description={l === "hr" ? undefined : t("adminSettings.fallbackHelp")}
              rows={3}
            />
          )}
        </LanguageTabs>
        {IDS.map((name) => (
          <Field
            key={name}
            meta={fields[name]}
            label={t(`adminSettings.tracking.${name}`)}
            description={t(`adminSettings.tracking.${name}Help`)}
            className="max-w-md"
          />
        ))}
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button pending={navigation.state === "submitting"}>{t("adminSettings.save")}</Button>
        </div>
      </SecureForm>
    </SettingsPage>
  );
}
