import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { armScheduledContent } from "~/modules/blog/scheduled.server";
import { namedCache } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import {
  categories,
  categoryTranslations,
  pages,
  pageTranslations,
  productCategories,
  products,
  productTags,
  tags,
} from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { resolveLink, type LinkTarget } from "~/lib/links";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { loadProductCards, type ProductCard } from "~/modules/catalog/product-cards.server";
import { CONTACT_FORM_SLUG } from "~/modules/forms/form-fields";
import { formView } from "~/modules/forms/forms.server";
import type { ComponentView, LinkView, PostLink } from "./page-component-views";
import type { StoredComponent } from "./page-components.schema";
import { withFocalPoints } from "~/modules/media/media-focal.server";
import { mastersById } from "./masters.server";

/**
 * Turns a page's stored components into what it renders: links resolved (spec §2 Links),
 * product sliders and post lists loaded through their caches, forms with their fields and
 * consents. A form that no longer exists is left out (and logged), never a failed page.
 */
const CONTENT_LANGUAGE = "hrv";

function linkView(link: LinkTarget & { label: string; newTab?: boolean; rel?: string }, locale: Locale, homeSlug: string): LinkView {
  const resolved = resolveLink(link, locale, homeSlug);
  return {
    label: link.label,
    href: resolved.href,
    external: resolved.external || link.newTab === true,
    ...(link.rel ? { rel: link.rel } : {}),
  };
}

// Only what a shopper may open on its own: variants and archived products never show.
const shoppable = () => and(eq(products.siteId, SITE_ID), eq(products.archived, false), eq(products.isVisibleIndividually, true));

/** Product ids of a tag or a category (by its slug in any language), in the category's order. */
async function sliderProductIds(source: { tag?: string; category?: string }, limit: number): Promise<number[]> {
  const db = await getDb();
  if (source.tag) {
    const rows = await db
      .select({ id: productTags.productId })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .innerJoin(products, eq(products.id, productTags.productId))
      .where(and(eq(tags.siteId, SITE_ID), eq(tags.name, source.tag), shoppable()))
      .orderBy(asc(productTags.productId))
      .limit(limit);
    return rows.map((r) => r.id);
  }
  const category = db
    .select({ id: categoryTranslations.categoryId })
    .from(categoryTranslations)
    .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
    .where(and(eq(categories.siteId, SITE_ID), eq(categoryTranslations.slug, source.category ?? "")));
  const rows = await db
    .selectDistinct({ id: productCategories.productId, position: productCategories.position })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(and(inArray(productCategories.categoryId, category), shoppable()))
    .orderBy(asc(productCategories.position), asc(productCategories.productId))
    .limit(limit);
  return [...new Set(rows.map((r) => r.id))];
}

// The same for every visitor of a language, like the home page's sliders (home.server.ts).
const sliderCache = namedCache<ProductCard[]>("page-sliders", { ttlSeconds: 300 });

function sliderProducts(source: { tag?: string; category?: string }, limit: number, locale: Locale): Promise<ProductCard[]> {
  const key = `${locale}:${source.tag ? `tag:${source.tag}` : `category:${source.category}`}:${limit}`;
  return sliderCache.wrap(key, async () => loadProductCards(await sliderProductIds(source, limit), locale));
}

/** The latest published posts (post_type 'post', spec §9 default sort published_at descending). */
export async function latestPosts(limit: number, locale: Locale): Promise<PostLink[]> {
  const db = await getDb();
  await armScheduledContent();
  const latest = await db
    .select({ id: pages.id, publishedAt: pages.publishedAt })
    .from(pages)
    .where(
      and(
        eq(pages.siteId, SITE_ID),
        eq(pages.postType, "post"),
        eq(pages.status, "published"),
        or(isNull(pages.publishedAt), lte(pages.publishedAt, sql`now()`)),
      ),
    )
    .orderBy(desc(pages.publishedAt), desc(pages.id))
    .limit(limit);
  if (latest.length === 0) return [];
  const language = LOCALE_LANGUAGE_CODE[locale];
  const texts = await db
    .select({
      pageId: pageTranslations.pageId,
      languageCode: pageTranslations.languageCode,
      title: pageTranslations.title,
      slug: pageTranslations.slug,
    })
    .from(pageTranslations)
    .where(
      and(
        inArray(
          pageTranslations.pageId,
          latest.map((p) => p.id),
        ),
        inArray(pageTranslations.languageCode, [...new Set([language, CONTENT_LANGUAGE])]),
      ),
    );
  return latest.flatMap((post) => {
    const own = texts.filter((t) => t.pageId === post.id);
    const shown = own.find((t) => t.languageCode === language) ?? own.find((t) => t.languageCode === CONTENT_LANGUAGE);
    return shown
      ? [
          {
            id: post.id,
            title: shown.title,
            href: href("page", locale, { slug: shown.slug }),
            publishedAt: post.publishedAt?.toISOString() ?? null,
          },
        ]
      : [];
  });
}

const OSM = "https://www.openstreetmap.org/";

async function resolveOne(component: StoredComponent, locale: Locale, homeSlug: string): Promise<ComponentView | null> {
  const link = (target: (LinkTarget & { label: string }) | null) => (target ? linkView(target, locale, homeSlug) : null);
  switch (component.type) {
    case "hero":
      return { type: "hero", title: component.title, text: component.text, image: component.image, cta: link(component.cta) };
    case "text":
    case "image":
      return component;
    case "gallery":
      // The only section that crops its pictures (square tiles): they keep their focal point in view.
      return { ...component, images: await withFocalPoints(component.images) };
    case "productSlider": {
      const list = await sliderProducts({ tag: component.tag, category: component.category }, component.limit, locale);
      const more = component.category ? { label: "", href: href("shop", locale, { slug: component.category }), external: false } : null;
      return { type: "productSlider", title: component.title, products: list, more };
    }
    case "postList":
      return { type: "postList", title: component.title, posts: await latestPosts(component.limit, locale) };
    case "contactForm":
    case "form": {
      const slug = component.type === "form" ? component.slug : CONTACT_FORM_SLUG;
      const form = await formView(slug, locale);
      if (!form) console.warn(`Page component form ${slug} skipped: no such form`);
      return form ? { type: "form", form } : null;
    }
    case "cta":
      return { type: "cta", title: component.title, text: component.text, link: link(component.link)! };
    case "map": {
      // A link to the map, not an embed: the CSP allows no frames (docs/decisions/0018).
      const at = `${component.zoom}/${component.lat.toFixed(5)}/${component.lon.toFixed(5)}`;
      const mapHref = `${OSM}?mlat=${component.lat.toFixed(5)}&mlon=${component.lon.toFixed(5)}#map=${at}`;
      return { type: "map", title: component.title, address: component.address, href: mapHref };
    }
    case "logoList":
      return { type: "logoList", title: component.title, logos: component.logos.map((l) => ({ image: l.image, link: link(l.link) })) };
    case "certificates":
      return component;
    case "master":
      // Replaced by the master's content before this is called (resolveComponentsIndexed).
      return null;
  }
}

/**
 * The shown components with their place in the stored list (edit mode outlines each by
 * it): hidden ones (the section manager's "hide", decision 0051) and forms that no longer exist are
 * left out.
 */
export async function resolveComponentsIndexed(
  components: readonly StoredComponent[],
  locale: Locale,
  homeSlug: string,
  { masterDrafts = false }: { masterDrafts?: boolean } = {},
) {
  // A master component is read now, so the page shows what the master holds today (an editor
  // in edit mode or the draft preview: its draft); a master that was deleted is left out.
  const ids = components.flatMap((c) => (c.type === "master" && !c.hidden ? [c.masterId] : []));
  const masters = await mastersById(ids, { drafts: masterDrafts });
  const shown = components.map((c) => (c.hidden ? null : c.type === "master" ? (masters.get(c.masterId) ?? null) : c));
  const views = await Promise.all(shown.map((c) => (c ? resolveOne(c, locale, homeSlug) : null)));
  return views.flatMap((view, index) => (view ? [{ index, view }] : []));
}

/** Every shown component in order, its data loaded in parallel. */
export async function resolveComponents(
  components: readonly StoredComponent[],
  locale: Locale,
  homeSlug: string,
): Promise<ComponentView[]> {
  return (await resolveComponentsIndexed(components, locale, homeSlug)).map((entry) => entry.view);
}
