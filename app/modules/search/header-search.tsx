import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { href } from "~/lib/routes-table";
import type { Locale } from "~/lib/locales";
import { DEFAULT_SEARCH_CATEGORY, MAX_SEARCH_LENGTH, SEARCH_PARAM } from "./search-params";

/**
 * The header's search box: a GET form to the search page's products tab, so it works
 * without JavaScript; with it, Remix turns the submit into a client navigation (spec §4:
 * a search submitted outside the search page navigates to it).
 */
export function HeaderSearch({ locale, id }: { locale: Locale; id: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={href("search", locale)} role="search" className="flex items-center" data-testid="header-search">
      <label htmlFor={id} className="sr-only">
        {t("search.header.label")}
      </label>
      <input
        id={id}
        type="search"
        name={SEARCH_PARAM.text}
        required
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t("search.header.placeholder")}
        className="w-full min-w-0 rounded-l border border-r-0 border-slate-300 px-3 py-1.5 text-sm focus:border-brand-600 lg:w-48"
      />
      <input type="hidden" name={SEARCH_PARAM.category} value={DEFAULT_SEARCH_CATEGORY} />
      <button
        type="submit"
        className="rounded-r border border-brand-600 bg-brand-600 p-1.5 text-white hover:bg-brand-700"
        aria-label={t("search.submit")}
      >
        <SearchIcon />
      </button>
    </Form>
  );
}

function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </svg>
  );
}
