import { useLocation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";

/** Logout is a POST (spec §4 Auth); `from` tells the action which language's home to land on. */
export function LogoutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <SecureForm action="/actions/logout" data-testid="logout-form">
      <input type="hidden" name="from" value={location.pathname} />
      <Button variant="secondary" size="sm" className={className}>
        {t("account.profile.logout")}
      </Button>
    </SecureForm>
  );
}
