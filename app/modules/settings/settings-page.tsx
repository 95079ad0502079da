import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { AuditEntry } from "~/modules/kernel/audit.server";

/** The section routes of /admin/settings (app/lib/route-files.ts), in menu order. */
const SECTIONS = ["company", "checkout", "comments", "tracking", "site"] as const;

/** The sections of /admin/settings as links (plain links: the nav works without JavaScript). */
export function SettingsNav() {
  const { t } = useTranslation();
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded px-3 py-1.5 text-sm ${isActive ? "bg-brand-700 font-semibold text-white" : "border border-slate-200 bg-white text-slate-800 hover:bg-slate-50"}`;
  return (
    <nav aria-label={t("adminSettings.sectionsLabel")} data-testid="settings-nav">
      <ul className="flex flex-wrap gap-2">
        <li>
          <NavLink to="/admin/settings" end className={link}>
            {t("adminSettings.sections.general")}
          </NavLink>
        </li>
        {SECTIONS.map((section) => (
          <li key={section}>
            <NavLink to={`/admin/settings/${section}`} className={link}>
              {t(`adminSettings.sections.${section}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One section's screen: the title, the section nav, its form, and its audit trail. */
export function SettingsPage({
  title,
  help,
  children,
  audit,
  locale,
  testId,
}: {
  title: string;
  help?: ReactNode;
  children: ReactNode;
  audit?: AuditEntry[];
  locale: Locale;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("adminSettings.title")} testId={testId}>
      <SettingsNav />
      <section className="space-y-3 rounded border border-slate-200 bg-white p-4" aria-labelledby={`${testId}-title`}>
        <h2 id={`${testId}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {help ? <p className="text-sm text-slate-600">{help}</p> : null}
        {children}
      </section>
      {audit ? (
        <AuditTrail
          entries={audit}
          locale={locale}
          actionLabel={(action) => t(`adminSettings.sections.${action}`, { defaultValue: action })}
        />
      ) : null}
    </AdminPage>
  );
}
