import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { isDomainError } from "~/.server/domain-error";
import { SearchForm } from "~/modules/search/search-form";
import { parseSearchParams, DEFAULT_SEARCH_CATEGORY } from "~/modules/search/search-params";
import { SearchResultList, SearchTabs } from "~/modules/search/search-results";
import { search, searchTotals } from "~/modules/search/search.server";
import { requestLocale, shopperOf } from "~/.server/shopper.server";
import { shopperPriceGroup } from "~/modules/customer-group/group-pricing.server";
import { getSiteContext } from "~/modules/site/site.server";
import { titleMeta } from "~/lib/meta";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["catalog"] };

/**
 * Search (spec §2, §4): ?search=text&category=products|posts|productCategories|pages&page=n.
 * No category means products; an unknown one gets the missing-categories message (400).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const { text, categories, page } = parseSearchParams(new URL(request.url).searchParams);
  const [t, site, group] = await Promise.all([getFixedT(locale), getSiteContext(locale), shopperPriceGroup(await shopperOf(request))]);
  const category = categories[0] ?? null;
  const heading = text ? t("search.metaTitle", { text }) : t("search.title");
  const view = {
    locale,
    text,
    category,
    title: `${heading} | ${site.site.name}`,
    description: metaDescription(t, "search"),
    currency: site.currency,
  };
  try {
    const [results, totals] = await Promise.all([
      search({ text, categories: category ? [category] : [], page, locale, group }),
      searchTotals(text, locale),
    ]);
    return { ...view, result: category ? (results[category] ?? null) : null, totals, error: null };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ ...view, result: null, totals: null, error: error.key }, { status: error.status });
  }
}

// Result lists are endless variations of one page: keep them out of search engines.
export const meta: MetaFunction<typeof loader> = ({ data }) => [...titleMeta({ data }), { name: "robots", content: "noindex, follow" }];

export default function SearchScreen() {
  const { locale, text, category, result, totals, error, currency } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10" data-testid="search-page">
      <h1 className="text-3xl font-bold text-brand-900">{t("search.title")}</h1>
      <SearchForm locale={locale} text={text} category={category ?? DEFAULT_SEARCH_CATEGORY} />
      <SearchTabs locale={locale} text={text} active={category} totals={totals} />
      <div aria-live="polite" className="flex flex-col gap-6">
        {error ? (
          <p role="alert" className="rounded bg-red-50 px-4 py-3 text-red-800" data-testid="search-error">
            {t(error)}
          </p>
        ) : null}
        {category && result ? (
          <SearchResultList locale={locale} text={text} category={category} result={result} currency={currency} />
        ) : null}
      </div>
    </section>
  );
}
