import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { useTranslation } from "~/lib/i18n";

const TONE: Record<string, BadgeTone> = { active: "good", invited: "waiting", deactivated: "quiet" };

/** A backoffice user's status (active, invited, deactivated) as a coloured badge. */
export function StaffStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[status] ?? "neutral"} testId="user-status">
      {t(`adminUsers.status.${status}`)}
    </StatusBadge>
  );
}
