import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { Pagination } from "~/components/pagination";
import { ProductCardView } from "~/modules/catalog/product-card";
import { mediaUrl, sizedDimensions } from "~/lib/media";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { SEARCH_CATEGORIES, SEARCH_PAGE_SIZE, searchHref, type SearchCategory } from "./search-params";
import type { SearchRecord, SearchResult } from "./search.server";

type TabsProps = { locale: Locale; text: string; active: SearchCategory | null; totals: Record<SearchCategory, number> | null };

/**
 * One link per category, keeping the text and leaving out the page, so switching tabs
 * starts at page 1 (spec §4 Search). Plain links: they work without JavaScript.
 */
export function SearchTabs({ locale, text, active, totals }: TabsProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("search.tabsLabel")} className="flex flex-wrap gap-1 border-b border-slate-200" data-testid="search-tabs">
      {SEARCH_CATEGORIES.map((category) => {
        const current = category === active;
        return (
          <Link
            key={category}
            to={searchHref(locale, { text, category })}
            aria-current={current ? "page" : undefined}
            preventScrollReset
            className={`-mb-px rounded-t border-b-2 px-4 py-2 text-sm font-medium ${
              current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-brand-700"
            }`}
            data-testid={`search-tab-${category}`}
          >
            {t(`search.categories.${category}`)}
            {totals && text ? (
              <span className="ml-1.5 rounded-full bg-slate-100 px-2 text-xs text-slate-600">{totals[category]}</span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

type ListProps = {
  locale: Locale;
  text: string;
  category: SearchCategory;
  result: SearchResult;
  currency: Pick<Currency, "label" | "symbol">;
};

/** The records of the active tab: product cards for products, rows for the rest. */
export function SearchResultList({ locale, text, category, result, currency }: ListProps) {
  const { t } = useTranslation();
  if (!text) return <p className="py-8 text-slate-600">{t("search.enterText")}</p>;
  if (result.totalRecords === 0) {
    return (
      <p className="py-8 text-slate-600" data-testid="search-empty">
        {t("search.noResults", { text })}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600" data-testid="search-total">
        {t("search.total", { count: result.totalRecords })}
      </p>
      {result.fuzzy ? <p className="rounded bg-amber-50 px-4 py-2 text-sm text-amber-900">{t("search.fuzzy")}</p> : null}
      {category === "products" ? (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5" data-testid="search-results">
          {result.records.map((record) =>
            record.product ? (
              <li key={record.id} data-testid="search-result">
                <ProductCardView product={record.product} currency={currency} locale={locale} />
              </li>
            ) : null,
          )}
        </ul>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="search-results">
          {result.records.map((record) => (
            <ResultRow key={record.id} record={record} />
          ))}
        </ul>
      )}
      <Pagination
        info={{ page: result.page, perPage: SEARCH_PAGE_SIZE, totalRecords: result.totalRecords, totalPages: result.totalPages }}
      />
    </div>
  );
}

function ResultRow({ record }: { record: SearchRecord }) {
  const box = record.image ? sizedDimensions(record.image, "thumbnail") : null;
  return (
    <li data-testid="search-result">
      <Link to={record.href} className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-600">
        {record.image && box ? (
          <img
            src={mediaUrl(record.image, "thumbnail")}
            alt={record.image.alt}
            width={box.width}
            height={box.height}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span className="flex flex-col">
          <span className="font-semibold text-brand-900">{record.title}</span>
          {record.description ? <span className="line-clamp-2 text-sm text-slate-600">{record.description}</span> : null}
        </span>
      </Link>
    </li>
  );
}
