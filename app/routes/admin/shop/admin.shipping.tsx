import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { listMethods, moveMethod } from "~/modules/shipping/shipping-admin.server";
import { shippingPageSchema } from "~/modules/shipping/shipping.schema";
import { setAllowedCountries, setFreeDelivery, shippingSettings } from "~/modules/shipping/shipping-settings.server";
import { CountriesForm, FreeDeliveryForm, MethodsTable } from "~/modules/shipping/shipping-page";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError, toastDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminShipping"] };

/**
 * Shipping (/admin/shipping, decision 0049): the delivery methods in checkout's order
 * (up/down without JavaScript; each opens its editor with its branches), the
 * free-delivery threshold and the countries checkout delivers to.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const [methods, settings] = await Promise.all([listMethods(), shippingSettings()]);
  return { locale: requestLocale(request).locale, methods, settings };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, shippingPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "freeDelivery") await setFreeDelivery(staff, input.amount, input.was);
    else if (input.intent === "countries") await setAllowedCountries(staff, input.mode, input.countries, input.was);
    else await moveMethod(staff, input.methodId, input.version, input.intent);
    return redirect("/admin/shipping", { headers: await setToast({ type: "success", key: `adminShipping.done.${input.intent}` }) });
  } catch (error) {
    if (isDomainError(error) && (error.status === 404 || input.intent === "up" || input.intent === "down")) {
      return toastDomainError(error, "/admin/shipping");
    }
    return answerDomainError(error, submission, ["countries", "amount"]);
  }
}

export default function AdminShipping() {
  const { locale, methods, settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t("adminShipping.title")}
      testId="admin-shipping"
      actions={
        <Link to="/admin/shipping/new" className={buttonClass({ size: "sm" })}>
          {t("adminShipping.new")}
        </Link>
      }
    >
      <MethodsTable methods={methods} locale={locale} />
      <FreeDeliveryForm cents={settings.freeDeliveryCents} lastResult={answer} />
      <CountriesForm allowed={settings.allowedCountries} countries={settings.countries} lastResult={answer} />
    </AdminPage>
  );
}
