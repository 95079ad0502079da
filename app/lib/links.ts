import { asciiPath, isLocalPath } from "./local-path";
import { localePrefix, type Locale } from "./locales";
import { href, ROUTES, type RouteKey } from "./routes-table";

export type LinkTarget = { linkType: string; target: string };
export type ResolvedLink = { href: string; external: boolean };

/**
 * Where a CMS link goes (spec §2 Links): pages and posts to /{slug} (the home slug to the
 * root), terms to the blog with the slug, product categories to the shop, products,
 * bundles and services to /product/{slug}, route keys to their localised path, external
 * addresses to a new tab, a "path" (a master's link typed as an address, decision 0133) to that
 * local path as it is. An unknown type falls back to the root of the language.
 */
export function resolveLink(link: LinkTarget, locale: Locale, homeSlug = "naslovna"): ResolvedLink {
  const root = localePrefix(locale) || "/";
  switch (link.linkType) {
    case "page":
    case "post":
      return { href: link.target === homeSlug ? root : href("page", locale, { slug: link.target }), external: false };
    case "term":
    case "tag":
      return { href: href("blog", locale, { slug: link.target }), external: false };
    case "category":
      return { href: href("shop", locale, { slug: link.target }), external: false };
    case "product":
    case "bundle":
    case "service":
      return { href: href("product", locale, { slug: link.target }), external: false };
    case "route":
      return link.target in ROUTES ? { href: href(link.target as RouteKey, locale), external: false } : { href: root, external: false };
    case "external":
      return /^https?:\/\//.test(link.target) ? { href: link.target, external: true } : { href: root, external: false };
    case "path":
      // A stored link, not a request's redirect target: checked by the same rule, written as an href.
      return isLocalPath(link.target) ? { href: asciiPath(link.target), external: false } : { href: root, external: false };
    case "anchor":
      return { href: link.target.startsWith("#") ? link.target : `#${link.target}`, external: false };
    default:
      return { href: root, external: false };
  }
}

/** A label in the locale, falling back to Croatian (the source language of content). */
export function localized(labels: Record<string, string> | null | undefined, locale: Locale): string {
  if (!labels) return "";
  return labels[locale] ?? labels.hr ?? Object.values(labels)[0] ?? "";
}

/** An http(s) address with a host: what a link to another site may be (navigations, masters' links). */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(value);
}
