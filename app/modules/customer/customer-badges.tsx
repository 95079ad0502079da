import { StatusBadge } from "~/components/admin/status-badge";
import { useTranslation } from "~/lib/i18n";

/** A customer's kind, e-mail verification and block, as the list and the detail show them. */
export function CustomerBadges({ guest, verified, blocked }: { guest: boolean; verified: boolean; blocked: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      <StatusBadge tone="neutral">{t(`adminCustomers.kind.${guest ? "guest" : "registered"}`)}</StatusBadge>
      {guest ? null : (
        <StatusBadge tone={verified ? "good" : "waiting"}>{t(`adminCustomers.state.${verified ? "verified" : "notVerified"}`)}</StatusBadge>
      )}
      {blocked ? (
        <StatusBadge tone="bad" testId="blocked-badge">
          {t("adminCustomers.state.blocked")}
        </StatusBadge>
      ) : null}
    </span>
  );
}
