import { Pagination } from "~/components/pagination";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { ProductCardView } from "~/modules/catalog/product-card";
import type { ProductCard } from "~/modules/catalog/product-cards.server";
import { WISHLIST_PAGE_PARAM, type WishlistPagination } from "~/lib/wishlist-fields";

type Props = { data: readonly ProductCard[]; pagination: WishlistPagination; currency: Pick<Currency, "label" | "symbol">; locale: Locale };

/** The wishlist under the profile (spec §7 wishlist/filter): the kept products as cards, paged. */
export function WishlistList({ data, pagination, currency, locale }: Props) {
  const { t } = useTranslation();
  if (pagination.total === 0) return <p className="text-slate-600">{t("wishlist.empty")}</p>;
  return (
    <div data-testid="wishlist">
      <p className="mb-4 text-sm text-slate-700" data-testid="wishlist-total">
        {t("wishlist.total", { total: pagination.total })}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.map((product) => (
          <li key={product.id}>
            <ProductCardView product={product} currency={currency} locale={locale} />
          </li>
        ))}
      </ul>
      <Pagination
        info={{ page: pagination.page, perPage: pagination.perPage, totalRecords: pagination.total, totalPages: pagination.lastPage }}
        param={WISHLIST_PAGE_PARAM}
      />
    </div>
  );
}
