import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

/**
 * Standing notices above every backoffice screen: the shop is closed to customers
 * (maintenance), or mail is not sent but waits in the outbox because no SMTP is configured.
 * Each links to where it is changed or seen.
 */
export function AdminNotices({ maintenance, mailWaiting }: { maintenance: boolean; mailWaiting: boolean }) {
  const { t } = useTranslation();
  if (!maintenance && !mailWaiting) return null;
  return (
    <div className="mb-4 space-y-2" data-testid="admin-notices">
      {maintenance ? (
        <p
          role="status"
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="notice-maintenance"
        >
          {t("admin.notices.maintenance")}{" "}
          <Link to="/admin/settings#maintenance-title" className="font-semibold underline">
            {t("admin.notices.maintenanceLink")}
          </Link>
        </p>
      ) : null}
      {mailWaiting ? (
        <p
          role="status"
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="notice-mail-waiting"
        >
          {t("admin.notices.mailWaiting")}{" "}
          <Link to="/admin/mail?status=queued" className="font-semibold underline">
            {t("admin.notices.mailWaitingLink")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
