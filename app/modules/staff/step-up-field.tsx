import { useTranslation } from "~/lib/i18n";

/**
 * The password field of a sensitive form (decision 0086), shown when the session's password
 * is older than the step-up window; the action checks it either way (step-up.server.ts).
 */
export function StepUpField({ needed }: { needed: boolean }) {
  const { t } = useTranslation();
  if (!needed) return null;
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold" data-testid="step-up">
      {t("admin.stepUp.label")}
      <input
        type="password"
        name="currentPassword"
        required
        maxLength={200}
        autoComplete="current-password"
        className="rounded border border-slate-300 px-3 py-2 font-normal"
      />
      <span className="text-xs font-normal text-slate-600">{t("admin.stepUp.help")}</span>
    </label>
  );
}
