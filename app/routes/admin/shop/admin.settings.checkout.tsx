import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { getFormProps } from "@conform-to/react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { CART_ADDITION_BEHAVIOURS, type checkoutSettingsSchema } from "~/modules/settings/settings.schema";
import { SettingsPage } from "~/modules/settings/settings-page";
import { settingsAction, settingsLoader } from "~/routes/http/settings-route.server";

export const handle = { i18n: ["adminSettings"] };

/**
 * Checkout and cart (spec §3 checkoutSettings, §4 Cart) with the request-quote cart that
 * /admin/cart-settings had (it now leads here). Allowed countries are the shipping screen's.
 */
export const loader = ({ request }: LoaderFunctionArgs) => settingsLoader(request, "checkout");
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request, "checkout");

const FLAGS = ["checkoutEnabled", "guestCheckout", "itemsMerge", "CartRequestQuote", "vatOutsideEu"] as const;

export default function CheckoutSettings() {
  const { locale, values, fingerprint, constraint, audit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<z.input<typeof checkoutSettingsSchema>>({
    id: `checkout-${fingerprint.slice(0, 8)}`,
    lastResult,
    constraint,
    defaultValue: values as never,
  });
  return (
    <SettingsPage title={t("adminSettings.sections.checkout")} audit={audit} locale={locale} testId="settings-checkout">
      <SecureForm {...getFormProps(form)} className="flex flex-col gap-2" data-testid="checkout-settings-form">
        <input type="hidden" name="fingerprint" value={fingerprint} />
        {FLAGS.map((name) => (
          <CheckboxField
            key={name}
            meta={fields[name]}
            label={t(`adminSettings.checkout.${name}`)}
            description={t(`adminSettings.checkout.${name}Help`)}
          />
        ))}
        <SelectField
          meta={fields.cartAdditionBehaviour}
          label={t("adminSettings.checkout.cartAdditionBehaviour")}
          options={CART_ADDITION_BEHAVIOURS.map((value) => ({
            value: String(value),
            label: t(`adminSettings.checkout.behaviour${value}`),
          }))}
          className="max-w-md"
        />
        <Field meta={fields.eProductLinkDays} type="number" label={t("adminSettings.checkout.eProductLinkDays")} className="max-w-xs" />
        <p className="text-sm text-slate-600">
          {t("adminSettings.checkout.shippingHint")}{" "}
          <Link to="/admin/shipping" className="underline">
            {t("adminSettings.checkout.shippingLink")}
          </Link>
        </p>
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button pending={navigation.state === "submitting"}>{t("adminSettings.save")}</Button>
        </div>
      </SecureForm>
    </SettingsPage>
  );
}
