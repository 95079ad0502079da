import { useMemo } from "react";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { PriceEnquiryButton } from "~/modules/enquiry/price-enquiry-button";
import type { EnquiryFormData } from "~/modules/enquiry/enquiry-fields";
import { Breadcrumbs as BreadcrumbsNow } from "~/components/breadcrumbs";
import { AddToCartForm } from "~/modules/catalog/add-to-cart-form";
import { serverFirst } from "~/lib/server-first";
import { BundleSection as BundleSectionNow } from "~/modules/catalog/bundle-customization";
import { CommentsSection as CommentsSectionNow } from "~/modules/comments/comments-section";
import type { CommentsData } from "~/modules/comments/comments.server";
import { RatingSummaryView as RatingSummaryNow } from "~/modules/comments/rating-summary";
import { WishlistButton } from "~/components/wishlist-button";
import { ProductCardView } from "~/modules/catalog/product-card";
import { ProductGallery as ProductGalleryNow } from "~/modules/catalog/product-gallery";
import { ProductPricesView } from "~/modules/catalog/product-prices";
import { findVariant, lengthOption, type FormPrefill, type ProductDetail } from "~/modules/catalog/product-view";
import { useProductSelection } from "~/modules/catalog/use-product-selection";
import { MainVariantForm as MainVariantFormNow } from "~/modules/catalog/variant-selects";

// Plain links the server renders; their client code loads after the page (first-load JS budget).
const Breadcrumbs = serverFirst(import.meta.env.SSR ? BreadcrumbsNow : null, () =>
  import("~/components/breadcrumbs").then((m) => m.Breadcrumbs),
);

// The average rating is plain text the server renders: its code loads after the page too.
const RatingSummaryView = serverFirst(import.meta.env.SSR ? RatingSummaryNow : null, () =>
  import("~/modules/comments/rating-summary").then((m) => m.RatingSummaryView),
);

// The comment list and form sit below the fold: loaded after the page, rendered by the server.
const CommentsSection = serverFirst(import.meta.env.SSR ? CommentsSectionNow : null, () =>
  import("~/modules/comments/comments-section").then((m) => m.CommentsSection),
);

// Only bundle pages need it: the browser loads it for them alone.
const BundleSection = serverFirst(import.meta.env.SSR ? BundleSectionNow : null, () =>
  import("~/modules/catalog/bundle-customization").then((m) => m.BundleSection),
);

// The gallery's HTML works without its code (the main image and the thumbnails link to the
// full size): the browser loads the thumbnail, arrow-key and swipe handlers after the page
// (first-load JS budget, decision 0037).
const ProductGallery = serverFirst(import.meta.env.SSR ? ProductGalleryNow : null, () =>
  import("~/modules/catalog/product-gallery").then((m) => m.ProductGallery),
);

// Only configurable products need the variant selects: the browser loads them for those alone.
const MainVariantForm = serverFirst(import.meta.env.SSR ? MainVariantFormNow : null, () =>
  import("~/modules/catalog/variant-selects").then((m) => m.MainVariantForm),
);

export type ProductPageProps = {
  product: ProductDetail;
  breadcrumb: { name: string; href: string }[];
  locale: Locale;
  currency: Pick<Currency, "label" | "symbol">;
  cartPath: string;
  prefill: FormPrefill;
  inCart: number;
  enquiry: EnquiryFormData;
  comments: CommentsData | null;
};

/**
 * The product page (spec §2): gallery, name, sku, prices, stock, descriptions, attribute
 * table, the format's own part (variant selects, bundle parts and customisation), the
 * add-to-cart form and the cross-sells. On a configurable product the chosen variant
 * supplies sku, prices, stock and images; a combination without a variant says so and
 * disables add-to-cart.
 */
export function ProductPage({ product, breadcrumb, locale, currency, cartPath, prefill, inCart, enquiry, comments }: ProductPageProps) {
  const { t } = useTranslation();
  // The props of the serverFirst sections stay the same objects from render to render: a
  // section still hydrating that received new ones would be rendered anew (React #421).
  const selection = useProductSelection(product, prefill);
  const bundleProduct = useMemo(() => (product.bundle ? { ...product, bundle: product.bundle } : null), [product]);
  const config = product.configuration;
  const variant = config && selection.main ? findVariant(config, selection.main) : null;
  const unavailable = config !== null && variant === null;
  const shown = variant ?? product;
  const images = variant?.images.length ? variant.images : product.images;
  const length = lengthOption(product);
  const perMetre = length ? { option: length, unitCents: shown.prices.finalCents, currency, locale } : null;

  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8" data-testid="product-page">
      <Breadcrumbs items={breadcrumb} label={t("product.breadcrumb")} />
      {prefill.itemId ? (
        <p className="rounded border border-brand-200 bg-brand-50 px-4 py-2 text-brand-900" data-testid="cart-item-edit">
          {t("product.editingCartItem")}
        </p>
      ) : null}
      <div className="grid gap-8 md:grid-cols-2">
        <ProductGallery key={images.map((i) => i.driveId).join()} images={images} name={product.name} />
        <div className="flex flex-col gap-5">
          <div>
            <div className="flex items-start justify-between gap-4">
              <h1 className="text-3xl font-bold text-brand-900" lang={product.textLang}>
                {product.name}
              </h1>
              <WishlistButton productId={product.id} name={product.name} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {t("product.sku")}: <span data-testid="product-sku">{shown.sku}</span>
            </p>
            {comments?.summary ? (
              <a href="#comments" className="mt-2 block w-fit hover:underline">
                <RatingSummaryView summary={comments.summary} stars={comments.form.stars} />
              </a>
            ) : null}
          </div>
          {unavailable ? null : (
            <ProductPricesView
              prices={shown.prices}
              currency={currency}
              locale={locale}
              perMetre={perMetre !== null}
              fromCents={product.fromCents}
            />
          )}
          {unavailable ? null : (
            <p className={shown.inStock ? "font-medium text-green-700" : "font-medium text-red-700"} data-testid="stock-state">
              {shown.madeToOrder ? t("catalog.madeToOrder") : shown.inStock ? t("catalog.inStock") : t("catalog.outOfStock")}
            </p>
          )}
          {/* Few left of the product or the chosen variant (CMS option LowStockThreshold). */}
          {!unavailable && shown.lowStock ? (
            <p className="-mt-4 text-sm font-medium text-amber-700" data-testid="low-stock">
              {t("product.lowStock", { number: shown.lowStock })}
            </p>
          ) : null}
          {product.shortDescription ? (
            <p className="text-slate-700" lang={product.textLang}>
              {product.shortDescription}
            </p>
          ) : null}
          {product.format === "e-product" ? <p className="text-sm text-slate-600">{t("product.eProduct")}</p> : null}

          {config && selection.main ? (
            <MainVariantForm
              config={config}
              selection={selection.main}
              onChoose={selection.chooseMain}
              label={t("product.configure.apply")}
            />
          ) : null}
          {unavailable ? (
            <p className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-800" role="alert" data-testid="variant-unavailable">
              {t("product.configure.notAvailable")}
            </p>
          ) : null}

          {product.bundle ? (
            <BundleSection
              product={bundleProduct!}
              locale={locale}
              selections={selection.parts}
              choosePart={selection.choosePart}
              inCart={inCart}
              action={cartPath}
              prefill={prefill}
              AddToCart={AddToCartForm}
            />
          ) : (
            <AddToCartForm
              productId={product.id}
              action={cartPath}
              prefill={prefill}
              customOptions={product.customOptions}
              variantId={variant?.id ?? null}
              disabled={unavailable || !shown.inStock}
              perMetre={perMetre}
              available={shown.available}
              reason={unavailable ? t("product.configure.notAvailable") : null}
            />
          )}
          <PriceEnquiryButton productName={product.name} enquiry={enquiry} />
        </div>
      </div>

      {product.descriptionHtml ? (
        <section aria-labelledby="product-description">
          <h2 id="product-description" className="mb-3 text-xl font-semibold">
            {t("product.description")}
          </h2>
          {/* Sanitised with the CMS allow-list in product-detail.server.ts, its typography added by the loader. */}
          <div data-testid="product-description" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        </section>
      ) : null}

      {product.attributes.length ? (
        <section aria-labelledby="product-attributes">
          <h2 id="product-attributes" className="mb-3 text-xl font-semibold">
            {t("product.attributes")}
          </h2>
          <table className="w-full max-w-2xl text-left text-sm" data-testid="product-attributes">
            <tbody className="divide-y divide-slate-200">
              {product.attributes.map((row) => (
                <tr key={row.code}>
                  <th scope="row" className="w-1/3 py-2 pr-4 font-medium text-slate-600">
                    {row.label}
                  </th>
                  <td className="py-2">{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {product.crossSells.length ? (
        <section aria-labelledby="product-cross-sells">
          <h2 id="product-cross-sells" className="mb-4 text-xl font-semibold">
            {t("product.crossSells")}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="cross-sells">
            {product.crossSells.map((card) => (
              <li key={card.id}>
                <ProductCardView product={card} currency={currency} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {comments ? <CommentsSection data={comments} locale={locale} /> : null}
    </article>
  );
}
