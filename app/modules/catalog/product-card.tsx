import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { formatPrice } from "~/lib/format";
import { type Currency } from "~/lib/prices";
import { href } from "~/lib/routes-table";
import type { Locale } from "~/lib/locales";
import { ResponsiveImage } from "~/modules/media/responsive-image";
import { WishlistButton } from "~/components/wishlist-button";
import type { ProductCard as Card } from "./product-cards.server";

type Props = { product: Card; currency: Pick<Currency, "label" | "symbol">; locale: Locale; eager?: boolean };

/**
 * A product in a grid or slider: image, name (2 lines), short description (5 lines),
 * price with the retail price struck through and the discount when discounted, and the
 * membership price when there is one (spec §9); for a group customer their own price with the
 * catalogue price struck through (decision 0107).
 */
export function ProductCardView({ product, currency, locale, eager = false }: Props) {
  const { t } = useTranslation();
  const link = href("product", locale, { slug: product.slug });
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      data-testid="product-card"
    >
      <WishlistButton productId={product.id} name={product.name} className="absolute top-2 right-2 z-10" />
      <Link to={link} prefetch="intent" className="relative block aspect-square bg-slate-50">
        {product.image ? (
          <ResponsiveImage
            media={product.image}
            size="medium"
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
            eager={eager}
            className="h-full w-full object-contain p-4"
          />
        ) : null}
        {product.discountPercent > 0 ? (
          <span
            className="absolute top-2 left-2 rounded bg-accent-700 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="discount-badge"
          >
            −{product.discountPercent}%
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-brand-900">
          <Link to={link} prefetch="intent" className="hover:text-brand-600">
            {product.name}
          </Link>
        </h3>
        {product.shortDescription ? <p className="line-clamp-5 text-sm text-slate-600">{product.shortDescription}</p> : null}
        <div className="mt-auto pt-2" data-testid="card-price">
          {product.catalogueCents != null ? (
            <span className="mr-2 text-sm text-slate-500 line-through" data-testid="card-catalogue-price">
              <span className="sr-only">{t("catalog.cataloguePrice")}: </span>
              {formatPrice(product.catalogueCents, currency, locale)}
            </span>
          ) : product.discountPercent > 0 ? (
            <span className="mr-2 text-sm text-slate-500 line-through">{formatPrice(product.retailPriceCents, currency, locale)}</span>
          ) : null}
          <span className="text-lg font-bold text-brand-900">
            {product.fromPrice
              ? t("catalog.fromPrice", { price: formatPrice(product.finalPriceCents, currency, locale) })
              : formatPrice(product.finalPriceCents, currency, locale)}
          </span>
          {product.membershipPriceCents !== null ? (
            <p className="text-xs text-brand-700">
              {t("catalog.membershipPrice")}: {formatPrice(product.membershipPriceCents, currency, locale)}
            </p>
          ) : null}
          {product.madeToOrder ? <p className="text-xs text-slate-600">{t("catalog.madeToOrder")}</p> : null}
          {!product.inStock ? <p className="text-xs text-red-700">{t("catalog.outOfStock")}</p> : null}
        </div>
      </div>
    </article>
  );
}
