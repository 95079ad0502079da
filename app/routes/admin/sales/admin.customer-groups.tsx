import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { localized } from "~/lib/links";
import { bpToPercent } from "~/lib/shopper-price";
import { requireStaff } from "~/routes/http/staff.server";
import { listGroups } from "~/modules/customer-group/customer-group-admin.server";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminCustomerGroups"] };

/**
 * Customer groups (/admin/customer-groups, decision 0107): each group with its percentage
 * off, how many own prices it has and how many customers are in it (a link to the customer
 * list filtered by it); each opens its editor.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  return { locale: requestLocale(request).locale, groups: await listGroups() };
}

export default function AdminCustomerGroups() {
  const { locale, groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t("adminCustomerGroups.title")}
      testId="admin-customer-groups"
      actions={
        <Link to="/admin/customer-groups/new" className={buttonClass({ size: "sm" })}>
          {t("adminCustomerGroups.new")}
        </Link>
      }
    >
      <p className="text-sm text-slate-600">{t("adminCustomerGroups.intro")}</p>
      {groups.length ? (
        <div className="relative overflow-x-auto rounded border border-slate-200 bg-white p-4">
          <table className="w-full text-sm" data-testid="groups-table">
            <thead>
              <tr className="text-left">
                <th className="py-1">{t("adminCustomerGroups.fields.name")}</th>
                <th className="text-right">{t("adminCustomerGroups.fields.discount")}</th>
                <th className="text-right">{t("adminCustomerGroups.prices.title")}</th>
                <th className="text-right">{t("adminCustomerGroups.customers")}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.id} className="border-t border-slate-100" data-testid="group-row">
                  <td className="py-2">
                    <Link to={`/admin/customer-groups/${g.id}`} className="font-semibold text-brand-700 underline">
                      {localized(g.name, locale)}
                    </Link>
                  </td>
                  <td className="text-right">{`${bpToPercent(g.discountBp)} %`}</td>
                  <td className="text-right">{g.prices}</td>
                  <td className="text-right">
                    <Link to={`/admin/customers?group=${g.id}`} className="underline" data-testid="group-customers">
                      {g.customers}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="rounded border border-slate-200 bg-white p-4 text-sm" data-testid="groups-empty">
          {t("adminCustomerGroups.empty")}
        </p>
      )}
    </AdminPage>
  );
}
