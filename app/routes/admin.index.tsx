import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/modules/admin/staff.server";

// Every backoffice user lands here; each sees the figures of their own scope.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "any");
  return null;
}

export default function AdminHome() {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("admin.welcome")}</h1>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        <li><Link to="/admin/orders" className="block rounded border bg-white p-4 hover:border-brand-500">{t("adminOrders.nav")}</Link></li>
      </ul>
    </section>
  );
}
