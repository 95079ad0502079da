import { useTranslation } from "~/lib/i18n";

/** A screen whose capability is still being built: it answers 200 and says so. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="coming-soon">
      <h1 className="text-3xl font-bold text-brand-900">{t(titleKey)}</h1>
      <p className="mt-4 text-slate-600">{t("site.comingSoon")}</p>
    </section>
  );
}
