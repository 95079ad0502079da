import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { getFormProps } from "@conform-to/react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { companySettingsSchema } from "~/modules/settings/settings.schema";
import { SettingsPage } from "~/modules/settings/settings-page";
import { settingsAction, settingsLoader } from "~/routes/http/settings-route.server";

export const handle = { i18n: ["adminSettings"] };

/** Company and seller details (SellerDetails): the invoice, the HUB-3 slip and the shop's footer. */
export const loader = ({ request }: LoaderFunctionArgs) => settingsLoader(request, "company");
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request, "company");

export default function CompanySettings() {
  const { locale, values, fingerprint, constraint, audit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<z.input<typeof companySettingsSchema>>({
    id: `company-${fingerprint.slice(0, 8)}`,
    lastResult,
    constraint,
    defaultValue: values as never,
  });
  const field = (name: Exclude<keyof typeof fields, "fingerprint">, extra: { type?: "email" | "tel"; description?: string } = {}) => (
    <Field meta={fields[name]} label={t(`adminSettings.company.${name}`)} {...extra} />
  );
  return (
    <SettingsPage
      title={t("adminSettings.sections.company")}
      help={t("adminSettings.company.help")}
      audit={audit}
      locale={locale}
      testId="settings-company"
    >
      <SecureForm {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2" data-testid="company-settings-form">
        <input type="hidden" name="fingerprint" value={fingerprint} />
        {field("name")}
        {field("oib", { description: t("adminSettings.company.oibHelp") })}
        {field("street")}
        {field("city", { description: t("adminSettings.company.cityHelp") })}
        {field("country")}
        {field("email", { type: "email" })}
        {field("phone", { type: "tel" })}
        {field("purposeCode", { description: t("adminSettings.company.purposeCodeHelp") })}
        {field("registerCourt", { description: t("adminSettings.company.registerCourtHelp") })}
        {field("registerNumber")}
        {field("shareCapital", { description: t("adminSettings.company.shareCapitalHelp") })}
        {field("directors")}
        {field("premisesCode", { description: t("adminSettings.company.premisesCodeHelp") })}
        {field("deviceCode", { description: t("adminSettings.company.deviceCodeHelp") })}
        <p className="text-sm text-slate-600 sm:col-span-2">
          {t("adminSettings.company.ibanHint")}{" "}
          <Link to="/admin/payments" className="underline">
            {t("adminSettings.company.paymentsLink")}
          </Link>
        </p>
        <FormError id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <Button pending={navigation.state === "submitting"}>{t("adminSettings.save")}</Button>
        </div>
      </SecureForm>
    </SettingsPage>
  );
}
