import { useLocation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";

/** Logout is a POST (spec §4 Auth); `from` tells the action which language's home to land on. */
export function LogoutButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <SecureForm action="/actions/logout" data-testid="logout-form">
      <input type="hidden" name="from" value={location.pathname} />
      <button type="submit" className={className || "rounded border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50"}>
        {t("account.profile.logout")}
      </button>
    </SecureForm>
  );
}
