import { useTranslation } from "~/lib/i18n";

/**
 * Maintenance mode: no header, content or footer (spec §1, §2 Layouts). The owner's message
 * from /admin/settings (plain text: React escapes it) or the spec's text.
 */
export function MaintenanceView({ message = null }: { message?: string | null }) {
  const { t } = useTranslation();
  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-900 px-6 text-center text-white"
      data-testid="maintenance-view"
    >
      <img src="/brand/logo-white.svg" alt="Alu Krov" width={180} height={48} />
      <h1 className="max-w-lg whitespace-pre-line text-2xl font-semibold" data-testid="maintenance-message">
        {message ?? t("site.maintenance")}
      </h1>
    </main>
  );
}
