import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { localized } from "~/lib/links";
import { requireStaff } from "~/routes/http/staff.server";
import { listPaymentMethods, movePaymentMethod, switchPaymentMethod } from "~/modules/payment/payment-admin.server";
import { paymentListSchema } from "~/modules/payment/payment-admin.schema";
import { requestLocale } from "~/.server/shopper.server";
import { toastDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminShipping"] };

/**
 * Payments (/admin/payments, decision 0049): the payment methods in checkout's order,
 * each switched on or off and moved up or down here (without JavaScript), and opened for
 * its names and its gateway's settings. The last active method cannot be switched off.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  return { locale: requestLocale(request).locale, methods: await listPaymentMethods() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, paymentListSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { intent, methodId, version } = submission.value;
  try {
    if (intent === "on" || intent === "off") await switchPaymentMethod(staff, methodId, version, intent === "on");
    else await movePaymentMethod(staff, methodId, version, intent);
    return redirect("/admin/payments", { headers: await setToast({ type: "success", key: `adminShipping.payments.done.${intent}` }) });
  } catch (error) {
    return toastDomainError(error, "/admin/payments");
  }
}

export default function AdminPayments() {
  const { locale, methods } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AdminPage title={t("adminShipping.payments.title")} testId="admin-payments">
      <div className="relative overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="payments-table">
          <thead>
            <tr className="text-left">
              <th className="p-2">{t("adminShipping.fields.name")}</th>
              <th>{t("adminShipping.payments.gateway")}</th>
              <th>{t("adminShipping.fields.active")}</th>
              <th>{t("adminShipping.order")}</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((m, index) => {
              const name = localized(m.name, locale);
              const hidden = (
                <>
                  <input type="hidden" name="methodId" value={m.id} />
                  <input type="hidden" name="version" value={m.version} />
                </>
              );
              return (
                <tr key={m.id} className="border-t border-slate-100" data-testid="payment-row" data-code={m.code}>
                  <td className="p-2">
                    <Link to={`/admin/payments/${m.id}`} className="font-semibold text-brand-700 underline">
                      {name}
                    </Link>
                  </td>
                  <td>
                    {t(`adminShipping.payments.gateways.${m.gateway}`)}
                    {!m.available ? <span className="block text-xs text-amber-800">{t("adminShipping.payments.unavailable")}</span> : null}
                  </td>
                  <td>
                    <SecureForm className="flex items-center gap-2">
                      {hidden}
                      <StatusBadge tone={m.active ? "good" : "quiet"}>
                        {m.active ? t("adminShipping.on") : t("adminShipping.off")}
                      </StatusBadge>
                      <Button name="intent" value={m.active ? "off" : "on"} size="sm" variant="secondary" data-testid="payment-switch">
                        {m.active ? t("adminShipping.payments.switchOff", { name }) : t("adminShipping.payments.switchOn", { name })}
                      </Button>
                    </SecureForm>
                  </td>
                  <td>
                    <SecureForm className="flex gap-1">
                      {hidden}
                      <Button
                        name="intent"
                        value="up"
                        size="sm"
                        variant="secondary"
                        disabled={index === 0}
                        aria-label={t("adminShipping.move.up", { name })}
                      >
                        ↑
                      </Button>
                      <Button
                        name="intent"
                        value="down"
                        size="sm"
                        variant="secondary"
                        disabled={index === methods.length - 1}
                        aria-label={t("adminShipping.move.down", { name })}
                      >
                        ↓
                      </Button>
                    </SecureForm>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </AdminPage>
  );
}
