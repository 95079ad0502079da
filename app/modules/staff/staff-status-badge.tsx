import { useTranslation } from "~/lib/i18n";

const BADGE: Record<string, string> = {
  active: "bg-green-100 text-green-900",
  invited: "bg-amber-100 text-amber-900",
  deactivated: "bg-slate-200 text-slate-900",
};

/** A backoffice user's status (active, invited, deactivated) as a coloured badge. */
export function StaffStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${BADGE[status] ?? "bg-slate-100 text-slate-800"}`} data-testid="user-status">
      {t(`adminUsers.status.${status}`)}
    </span>
  );
}
