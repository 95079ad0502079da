/**
 * A page's `<title>`: the SEO title the editor wrote (products and categories have one),
 * else the page's heading followed by the shop's name. The storefront's loaders and the
 * editors' search-result previews (decision 0125) use this one rule, so the preview shows
 * what search engines read.
 */
export function pageTitle(heading: string, siteName: string, own = ""): string {
  return own.trim() || `${heading} | ${siteName}`;
}
