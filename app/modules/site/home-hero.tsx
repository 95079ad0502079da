import { useTranslation } from "~/lib/i18n";

/** The home page's opening banner: the site name and the lead sentence. */
export function HomeHero({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-600 px-4 py-24 text-white" data-testid="home">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-4xl font-bold md:text-5xl">{siteName}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">{t("site.home.lead")}</p>
      </div>
    </section>
  );
}
