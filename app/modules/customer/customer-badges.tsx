import { useTranslation } from "~/lib/i18n";

const BADGE = "inline-block rounded px-2 py-0.5 text-xs font-semibold";

/** A customer's kind, e-mail verification and block, as the list and the detail show them. */
export function CustomerBadges({ guest, verified, blocked }: { guest: boolean; verified: boolean; blocked: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`${BADGE} bg-slate-100 text-slate-800`}>{t(`adminCustomers.kind.${guest ? "guest" : "registered"}`)}</span>
      {guest ? null : (
        <span className={`${BADGE} ${verified ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>{t(`adminCustomers.state.${verified ? "verified" : "notVerified"}`)}</span>
      )}
      {blocked ? <span className={`${BADGE} bg-red-100 text-red-900`} data-testid="blocked-badge">{t("adminCustomers.state.blocked")}</span> : null}
    </span>
  );
}
