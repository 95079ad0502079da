import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { useTranslation } from "~/lib/i18n";

const TONE: Record<string, BadgeTone> = { sent: "good", queued: "waiting", failed: "bad" };

/** A mail's delivery state (queued, sent, failed) as a coloured badge. */
export function MailStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[status] ?? "neutral"} testId="mail-status">
      {t(`adminMail.status.${status}`)}
    </StatusBadge>
  );
}
