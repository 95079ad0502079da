import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

export default function AdminHome() {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("admin.welcome")}</h1>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        <li><Link to="/admin/consent" className="block rounded border bg-white p-4 hover:border-brand-500">{t("admin.consents")}</Link></li>
        <li><Link to="/admin/templates" className="block rounded border bg-white p-4 hover:border-brand-500">{t("admin.templates")}</Link></li>
      </ul>
    </section>
  );
}
