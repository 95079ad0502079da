import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { productDescriptionHtml } from "~/modules/catalog/product-description.server";
import { redirect } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { canonicalTarget } from "~/lib/canonical-url";
import { movedTo } from "~/routes/http/page-outcome.server";
import { loadCartItemForEdit, parseCartItemId, quantityInCart } from "~/routes/storefront/product-cart-item-edit.server";
import { getProductBySlug, productBreadcrumb } from "~/modules/catalog/product-detail.server";
import { shopperOf, requestLocale } from "~/.server/shopper.server";
import { shopperPriceGroup } from "~/modules/customer-group/group-pricing.server";
import { cardsWithGroupPrices } from "~/modules/catalog/group-card-prices.server";
import { productWithGroupPrices } from "~/modules/catalog/product-view";
import { loadComments } from "~/modules/comments/comments.server";
import { ProductPage } from "~/routes/storefront/product-page";
import { formPrefill } from "~/modules/catalog/product-view";
import { enquiryFormData } from "~/modules/enquiry/enquiry-data.server";
import { handleUnknownPath, senderOf } from "~/modules/redirects/redirects.server";
import { getSiteContext } from "~/modules/site/site.server";
import { breadcrumbList, logoPath, seoTags } from "~/modules/site/seo.server";
import { productJsonLd } from "~/modules/catalog/product-seo.server";
import { pageTitle } from "~/lib/page-title";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
// The price enquiry dialog's ("enquiry", "captcha") load with it (price-enquiry-link.tsx).
export const handle = { i18n: ["catalog", "comments", "product"] };

/**
 * The product page, /product/{slug} (de /produkt/{slug}). Without a slug there is no
 * product to show: the visitor is sent to the shop of the language (302). An unknown,
 * archived or hidden product answers 404 in the error layout; a URL that is not the
 * product's own (another language's slug, a hidden variant's slug) redirects (301) to it,
 * keeping the query. ?cartItemId opens the cart-item edit mode (see product-cart-item-edit.server.ts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  if (!params.slug) throw redirect(href("shop", locale));
  const url = new URL(request.url);
  const [site, found] = await Promise.all([getSiteContext(locale), getProductBySlug(params.slug, locale)]);
  if (!found) {
    // A slug the backoffice changed (or a redirect an editor made) answers with its target.
    const target = await handleUnknownPath(url.pathname, senderOf(context));
    if (target) throw redirect(target.to + url.search, target.status);
    const t = await getFixedT(locale);
    throw new Response(t("error.pageNotFound"), { status: 404 });
  }
  const canonical = canonicalTarget(found.redirectTo, url.search);
  if (canonical) throw movedTo(canonical, 301, href("shop", locale));
  const cartItemId = parseCartItemId(url.searchParams.get("cartItemId"));
  const shopper = await shopperOf(request);
  // A group customer's prices over the product every visitor shares (decision 0107).
  const group = await shopperPriceGroup(shopper);
  const product = group
    ? { ...productWithGroupPrices(found.product, group), crossSells: await cardsWithGroupPrices(found.product.crossSells, group) }
    : found.product;
  const [item, inCart, enquiry, comments] = await Promise.all([
    cartItemId ? loadCartItemForEdit(shopper, cartItemId) : null,
    product.bundle?.hasConfigurableParts ? quantityInCart(shopper, product.id) : 0,
    enquiryFormData(locale, product.slug),
    loadComments("product", product.id, shopper.user),
  ]);
  const origin = env.PUBLIC_URL;
  const title = pageTitle(product.name, site.site.name, product.seo?.title);
  const breadcrumb = await productBreadcrumb(locale, found, url.pathname);
  return {
    locale,
    origin,
    title,
    description: product.seo?.description || product.shortDescription,
    seo: seoTags({
      origin,
      locale,
      // Untranslated, the product's address is the Croatian one (HeadLinks' canonical).
      path: product.alternates[product.translated.includes(locale) ? locale : "hr"] ?? url.pathname,
      type: "product",
      image: product.images[0] ?? null,
      fallbackImagePath: logoPath(site.options.Logo),
      jsonLd: [
        // Search engines read the catalogue price, never a signed-in customer's own.
        productJsonLd({
          product: found.product,
          locale,
          origin,
          currency: site.currency.label,
          brand: site.site.name,
          rating: comments?.summary ?? null,
          stars: comments?.form.stars ?? 5,
        }),
        breadcrumbList(origin, breadcrumb),
      ],
    }),
    breadcrumb,
    alternates: product.alternates,
    translated: product.translated,
    currency: site.currency,
    cartPath: href("cart", locale),
    product: { ...product, descriptionHtml: productDescriptionHtml(product.descriptionHtml, product.textLang) },
    prefill: formPrefill(product, item),
    inCart,
    // The 'Upit o cijeni' dialog (spec §2).
    enquiry,
    // Comments and ratings (spec §1, §5); the average counts approved ratings only.
    comments,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...titleMeta({ data })];

/**
 * A variant or bundle-part switch only rewrites the query (replace navigation): every
 * variant is already in the data, so this route's loader is skipped. Anything else, a
 * form post or another cart item, loads as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const sameProduct = currentUrl.pathname === nextUrl.pathname;
  const sameItem = currentUrl.searchParams.get("cartItemId") === nextUrl.searchParams.get("cartItemId");
  if (!formMethod && sameProduct && sameItem) return false;
  return defaultShouldRevalidate;
};

export default function Product() {
  const data = useLoaderData<typeof loader>();
  return <ProductPage key={data.product.id} {...data} />;
}
