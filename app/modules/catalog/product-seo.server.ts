import type { Locale } from "~/lib/locales";
import type { JsonLd } from "~/lib/structured-data";
import type { RatingSummary } from "~/modules/comments/comments.server";
import { absoluteImage } from "~/modules/site/seo.server";
import type { ProductDetail } from "./product-view";

const IN_STOCK = "https://schema.org/InStock";
const OUT_OF_STOCK = "https://schema.org/OutOfStock";

/** Cents as schema.org wants a price: a number with a dot, two decimals. */
const amount = (cents: number) => (cents / 100).toFixed(2);

export type ProductJsonLdInput = {
  product: ProductDetail;
  locale: Locale;
  origin: string;
  currency: string;
  /** The seller's brand: the shop sells under its own name (docs/decisions/0036). */
  brand: string;
  rating: RatingSummary | null;
  stars: number;
};

/**
 * schema.org Product of the product page (decision 0036): name, images, sku, brand, url
 * (no description, and no url of the offer: the page's HTML budget; og:description and
 * the meta description carry the text), and the offer at the final price (VAT included, as the page shows it)
 * with its availability. A configurable product offers an AggregateOffer over its
 * variants (lowest and highest final price, in stock when any variant is); approved
 * ratings give aggregateRating.
 */
export function productJsonLd({ product, locale, origin, currency, brand, rating, stars }: ProductJsonLdInput): JsonLd {
  const url = origin + (product.alternates[locale] ?? "");
  const variants = product.configuration?.associatedProducts ?? [];
  const images = [...product.images, ...variants.flatMap((v) => v.images)];
  const seen = new Set<string>();
  const imageUrls = images.filter((i) => !seen.has(i.driveId) && seen.add(i.driveId)).map((i) => absoluteImage(origin, i));
  let offers: Record<string, unknown>;
  if (variants.length) {
    const prices = variants.map((v) => v.prices.finalCents);
    offers = {
      "@type": "AggregateOffer",
      priceCurrency: currency,
      lowPrice: amount(Math.min(...prices)),
      highPrice: amount(Math.max(...prices)),
      offerCount: variants.length,
      availability: variants.some((v) => v.inStock) ? IN_STOCK : OUT_OF_STOCK,
    };
  } else {
    offers = {
      "@type": "Offer",
      price: amount(product.prices.finalCents),
      priceCurrency: currency,
      availability: product.inStock ? IN_STOCK : OUT_OF_STOCK,
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    url,
    ...(imageUrls.length ? { image: imageUrls } : {}),
    brand: { "@type": "Brand", name: brand },
    offers,
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            ratingCount: rating.count,
            bestRating: stars,
            worstRating: 1,
          },
        }
      : {}),
  };
}
