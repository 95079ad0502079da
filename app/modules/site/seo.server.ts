import type { Locale } from "~/lib/locales";
import { mediaUrl, type MediaRef } from "~/lib/media";
import type { JsonLd } from "~/lib/structured-data";

/**
 * What search engines and link previews read (decision 0036): Open Graph and Twitter
 * card tags, and the schema.org BreadcrumbList and Organization objects. Every URL is
 * absolute on `origin`, the public address the canonical and hreflang links use (root
 * loader: PUBLIC_URL, never the request's Host when it is set).
 */

/** Open Graph locales of the interface languages. */
const OG_LOCALE: Record<Locale, string> = { hr: "hr_HR", en: "en_GB", de: "de_DE" };

export type HeadTag = { property: string; content: string } | { name: string; content: string } | { "script:ld+json": JsonLd };

/** An image for previews and JSON-LD: the Large size as JPEG (not every reader takes WebP). */
export function absoluteImage(origin: string, image: MediaRef): string {
  return origin + mediaUrl(image, "large", "jpg");
}

export type SeoInput = {
  origin: string;
  locale: Locale;
  /** The page's own path in this language (its canonical URL without the origin). */
  path: string;
  type: "website" | "article" | "product";
  image?: MediaRef | null;
  /** Used when the page has no image of its own (the site logo). */
  fallbackImagePath?: string | null;
  /** schema.org objects of the page (Product, BreadcrumbList, Organization). */
  jsonLd?: JsonLd[];
};

/**
 * The loader's `seo`: og:* and twitter:card meta tags and the JSON-LD scripts, which
 * titleMeta (app/lib/meta.ts) adds to the head beside og:title and og:description (taken
 * from the page's title and description there, so they are not sent twice). Only what
 * previews use: Twitter falls back to the og:* tags for everything but the card type.
 */
export function seoTags(input: SeoInput): HeadTag[] {
  const { origin, locale } = input;
  const tags: HeadTag[] = [
    { property: "og:type", content: input.type },
    { property: "og:url", content: origin + input.path },
    { property: "og:locale", content: OG_LOCALE[locale] },
  ];
  const image = input.image ? absoluteImage(origin, input.image) : previewImage(origin, input.fallbackImagePath);
  if (image) tags.push({ property: "og:image", content: image });
  tags.push({ name: "twitter:card", content: input.image ? "summary_large_image" : "summary" });
  for (const value of input.jsonLd ?? []) tags.push({ "script:ld+json": value });
  return tags;
}

export type Crumb = { name: string; href: string };

/** schema.org BreadcrumbList of the visible breadcrumb (its last item is the page itself). */
export function breadcrumbList(origin: string, crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: origin + crumb.href })),
  };
}

/** schema.org Organization of the home page: the site's name, address and logo (CMS option Logo). */
export function organization(origin: string, home: string, name: string, logoPath: string | null): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    url: origin + home,
    ...(logoPath ? { logo: new URL(logoPath, origin).href } : {}),
  };
}

/** The built-in logo (CMS option Logo of the seed) and its rendering for link previews. */
const BUILT_IN_LOGO = "/brand/logo.svg";
const BUILT_IN_LOGO_PREVIEW = "/brand/logo.png";

/**
 * The absolute link-preview image of a fallback path (the site logo), or null. Facebook,
 * LinkedIn and most chat apps ignore an SVG og:image: the built-in SVG logo is replaced by
 * its 1200x630 PNG rendering (public/brand/logo.png), and another SVG gives no image rather
 * than one they drop.
 */
export function previewImage(origin: string, path: string | null | undefined): string | null {
  if (!path) return null;
  const raster = path === BUILT_IN_LOGO ? BUILT_IN_LOGO_PREVIEW : path;
  return /\.svg(?:[?#].*)?$/i.test(raster) ? null : new URL(raster, origin).href;
}

/** The CMS option Logo ({src, alt}) as a path or URL, or null when none is set. */
export function logoPath(option: unknown): string | null {
  const src = (option as { src?: unknown } | null | undefined)?.src;
  return typeof src === "string" && src ? src : null;
}
