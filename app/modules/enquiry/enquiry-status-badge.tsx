import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { useTranslation } from "~/lib/i18n";

const TONE: Record<string, BadgeTone> = { new: "waiting", answered: "good", closed: "quiet" };

/** An inbox entry's status (new, answered, closed) as a coloured badge (list and detail). */
export function EnquiryStatusBadge({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[value] ?? "neutral"} testId="enquiry-status">
      {t(`adminEnquiries.status.${value}`)}
    </StatusBadge>
  );
}
