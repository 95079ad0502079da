import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

/** Each standing notice: its message, where it is changed or seen, and its test id. */
const NOTICES = [
  {
    when: "maintenance",
    key: "admin.notices.maintenance",
    link: "admin.notices.maintenanceLink",
    to: "/admin/settings#maintenance-title",
    testId: "notice-maintenance",
  },
  {
    when: "mailWaiting",
    key: "admin.notices.mailWaiting",
    link: "admin.notices.mailWaitingLink",
    to: "/admin/mail?status=queued",
    testId: "notice-mail-waiting",
  },
] as const;

type Flags = { maintenance: boolean; mailWaiting: boolean };

/**
 * Standing notices above every backoffice screen: the shop is closed to customers
 * (maintenance), or mail is not sent but waits in the outbox because no SMTP is configured.
 * Each links to where it is changed or seen.
 */
export function AdminNotices(flags: Flags) {
  const { t } = useTranslation();
  const shown = NOTICES.filter((notice) => flags[notice.when]);
  if (shown.length === 0) return null;
  return (
    <div className="mb-4 space-y-2" data-testid="admin-notices">
      {shown.map((notice) => (
        <p
          key={notice.when}
          role="status"
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid={notice.testId}
        >
          {t(notice.key)}{" "}
          <Link to={notice.to} className="font-semibold underline">
            {t(notice.link)}
          </Link>
        </p>
      ))}
    </div>
  );
}
