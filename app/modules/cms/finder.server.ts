import { LOCALES, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { getTermBySlug } from "~/modules/blog/blog.server";
import { categoryText, findCategoryBySlug, getCatalogMeta } from "~/modules/catalog/catalog-meta.server";
import { getProductBySlug } from "~/modules/catalog/product-detail.server";
import { getPageBySlug } from "./pages.server";

/**
 * What a slug names (spec §7 finder/decide) and its URL in every language (finder/
 * getUrlOnLanguage, the language switch): the same lookups the page, product, shop and
 * blog routes make, so the answer is what the shop would show. Only published pages and
 * posts, visible products.
 */
export const FINDER_TYPES = ["page", "post", "product", "category", "term"] as const;
export type FinderType = (typeof FINDER_TYPES)[number];
export type FinderHit = { type: FinderType; id: number; alternates: Partial<Record<Locale, string>>; redirectTo: string | null };

export async function decideSlug(slug: string, locale: Locale, types: readonly FinderType[] = FINDER_TYPES): Promise<FinderHit | null> {
  if (types.includes("page") || types.includes("post")) {
    const found = await getPageBySlug(slug, locale);
    const type = found?.page.postType === "post" ? "post" : "page";
    if (found && types.includes(type)) return { type, id: found.page.id, alternates: found.page.alternates, redirectTo: found.redirectTo };
  }
  if (types.includes("product")) {
    const found = await getProductBySlug(slug, locale);
    if (found) return { type: "product", id: found.product.id, alternates: found.product.alternates, redirectTo: found.redirectTo };
  }
  if (types.includes("category")) {
    const found = findCategoryBySlug(await getCatalogMeta(), slug, locale);
    if (found) {
      const alternates = Object.fromEntries(LOCALES.map((l) => [l, href("shop", l, { slug: categoryText(found.node, l).slug })]));
      return { type: "category", id: found.node.id, alternates, redirectTo: found.canonicalSlug !== slug ? alternates[locale] : null };
    }
  }
  if (types.includes("term")) {
    const found = await getTermBySlug(slug, locale);
    if (found) return { type: "term", id: found.term.id, alternates: found.alternates, redirectTo: found.redirectTo };
  }
  return null;
}
