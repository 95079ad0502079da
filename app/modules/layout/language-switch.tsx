import { useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { alternatePaths } from "~/lib/alternates";
import { LOCALES, type Locale } from "~/lib/locales";

/**
 * Links to the same page in the other languages. They are plain links that load a new
 * document: the language, its messages and the cart session all change together.
 */
export function LanguageSwitch({ current }: { current: Locale }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const paths = alternatePaths(matches as never, location.search);
  return (
    <nav aria-label={t("site.language.label")} className="flex items-center gap-1 text-sm" data-testid="language-switch">
      {LOCALES.map((locale) => (
        <a
          key={locale}
          href={paths?.[locale] ?? "/"}
          hrefLang={locale}
          lang={locale}
          aria-current={locale === current ? "true" : undefined}
          title={t(`site.language.${locale}`)}
          className={
            locale === current
              ? "rounded bg-brand-600 px-2 py-1 font-semibold text-white uppercase"
              : "rounded px-2 py-1 uppercase hover:bg-brand-50"
          }
        >
          {locale}
        </a>
      ))}
    </nav>
  );
}
