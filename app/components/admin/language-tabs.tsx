import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/i18n";
import { LOCALES, type Locale } from "~/lib/locales";

/**
 * Per-language tabs for the translated fields of a backoffice form (DESIGN.md "One edit
 * pattern"): Croatian first, then en and de. Every language's fields are always in the
 * form, so one submit saves all of them; without JavaScript they stand one below the
 * other under a heading per language, and once hydrated only the chosen tab shows (the
 * others are `hidden`, still submitted). A language whose fields hold an error is marked
 * on its tab and opened first, so a refused save never hides its reason.
 *
 *   <LanguageTabs errors={(l) => Boolean(fields.translations.getFieldset()[l]...errors)}>
 *     {(locale) => <Field name={`translations.${locale}.name`} ... />}
 *   </LanguageTabs>
 */
export function LanguageTabs({
  children,
  errors,
  languages = LOCALES,
  idPrefix = "lang",
}: {
  children: (locale: Locale) => ReactNode;
  /** Whether a language's panel holds an invalid field. */
  errors?: (locale: Locale) => boolean;
  languages?: readonly Locale[];
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const firstWithError = languages.find((l) => errors?.(l));
  const [chosen, setChosen] = useState<Locale>(firstWithError ?? languages[0]);
  const active = firstWithError && !errors?.(chosen) ? firstWithError : chosen;
  const label = (locale: Locale) => t(`admin.languages.${locale}`);

  return (
    <div className="space-y-3" data-testid="language-tabs">
      {hydrated ? (
        <div role="tablist" aria-label={t("admin.languages.tabs")} className="flex gap-1 border-b border-slate-200">
          {languages.map((locale) => (
            <button
              key={locale}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${locale}`}
              aria-controls={`${idPrefix}-panel-${locale}`}
              aria-selected={active === locale}
              tabIndex={active === locale ? 0 : -1}
              onClick={() => setChosen(locale)}
              onKeyDown={(event) => {
                const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
                if (!step) return;
                const next = languages[(languages.indexOf(locale) + step + languages.length) % languages.length];
                setChosen(next);
                document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
              }}
              className={`-mb-px rounded-t border px-3 py-1.5 text-sm ${
                active === locale
                  ? "border-slate-200 border-b-white bg-white font-semibold"
                  : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {label(locale)}
              {errors?.(locale) ? (
                <span className="ml-1 text-red-700" aria-label={t("admin.languages.hasErrors")}>
                  •
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
      {languages.map((locale) => (
        <section
          key={locale}
          id={`${idPrefix}-panel-${locale}`}
          role={hydrated ? "tabpanel" : undefined}
          aria-labelledby={hydrated ? `${idPrefix}-tab-${locale}` : undefined}
          hidden={hydrated && active !== locale}
          lang={locale}
          className="space-y-3"
          data-language={locale}
        >
          {hydrated ? null : <h3 className="text-sm font-semibold text-slate-700">{label(locale)}</h3>}
          {children(locale)}
        </section>
      ))}
    </div>
  );
}
