import { useTranslation } from "~/lib/i18n";

const BADGE: Record<string, string> = {
  sent: "bg-green-100 text-green-900",
  queued: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

/** A mail's delivery state (queued, sent, failed) as a coloured badge. */
export function MailStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${BADGE[status] ?? "bg-slate-100 text-slate-800"}`} data-testid="mail-status">
      {t(`adminMail.status.${status}`)}
    </span>
  );
}
