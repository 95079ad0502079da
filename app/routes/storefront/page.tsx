import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { env } from "~/.server/env.server";
import { PageArticle } from "~/modules/cms/page-article";
import { PageComponents as PageComponentsNow } from "~/modules/cms/page-components";
import { resolveComponentsIndexed } from "~/modules/cms/page-components.server";
import { serverFirst } from "~/lib/server-first";
import { getPageBySlug, getPageForEditing } from "~/modules/cms/pages.server";
import { pageEditContext } from "~/modules/editing/edit-mode.server";
import { editorOf } from "~/routes/http/edit-mode.server";
import { readComponents } from "~/modules/cms/page-components.schema";
import { HomeBlocks as HomeBlocksNow } from "~/modules/home/home-blocks";
import { getHomeView } from "~/modules/home/home.server";
import { handleUnknownPath, senderOf } from "~/modules/redirects/redirects.server";
import { HomeHero as HomeHeroNow } from "~/modules/layout/home-hero";
import { requestLocale, getCurrentUser } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";
import { titleMeta } from "~/lib/meta";
import { canonicalTarget } from "~/lib/canonical-url";
import { movedTo } from "~/routes/http/page-outcome.server";
import { localePrefix } from "~/lib/locales";
import { absoluteImage, logoPath, organization, previewImage, seoTags } from "~/modules/site/seo.server";
import { articleJsonLd } from "~/modules/site/structured-data.server";
import { homeTitle } from "~/modules/site/meta-description.server";
import { getPostDetails } from "~/modules/blog/blog.server";
import { excerptOf } from "~/lib/excerpt";
import { pageTitle } from "~/lib/page-title";
import { PostArticle as PostArticleNow } from "~/routes/storefront/post-article";
import { loadComments } from "~/modules/comments/comments.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["blog", "catalog", "comments", "forms", "home", "newsletter", "pages"] };

// Only posts need the post view and its comment form: the browser loads them for posts alone.
const PostArticle = serverFirst(import.meta.env.SSR ? PostArticleNow : null, () =>
  import("~/routes/storefront/post-article").then((m) => m.PostArticle),
);

/**
 * The catch-all page or post (spec §2): no slug is the home page (HomePageSlug), other
 * slugs are CMS pages in the URL's language (or Croatian). A page reached by a URL that is
 * not its own in this language is redirected there; an unknown slug is logged and answered
 * by a configured redirect or 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const url = new URL(request.url);
  // No slug is the home page (its own slug redirects to the root): its shop blocks load alongside.
  // Edit mode (decision 0051) reads past the page cache and shows the editor's draft.
  const editor = await editorOf(request);
  const [site, found, home] = await Promise.all([
    getSiteContext(locale),
    editor ? getPageForEditing(params.slug, locale) : getPageBySlug(params.slug, locale),
    // The user is read only for ?editPage=true (spec §4 edit mode).
    params.slug
      ? null
      : (url.searchParams.get("editPage") === "true" ? getCurrentUser(request) : Promise.resolve(null)).then((user) =>
          getHomeView(locale, user),
        ),
  ]);
  const canonical = canonicalTarget(found?.redirectTo, url.search);
  if (canonical) throw movedTo(canonical, 301, "/");
  const siteName = site.site.name;
  const origin = env.PUBLIC_URL;
  const common = { locale, siteName, origin, currency: site.currency, home };
  const logo = logoPath(site.options.Logo);
  const homePath = localePrefix(locale) || "/";
  // The home page names the organisation behind the shop (decision 0036).
  const homeJsonLd = [organization(origin, homePath, siteName, logo)];
  const homePageTitle = homeTitle(await getFixedT(locale, "routes"), siteName, site.elements.header?.options);
  if (found) {
    const edit = editor ? await pageEditContext(found.page.id, locale) : null;
    const page = edit?.content
      ? {
          ...found.page,
          title: edit.content.title,
          bodyHtml: edit.content.bodyHtml,
          components: readComponents(edit.content.components, `draft of ${found.page.id}`),
        }
      : found.page;
    const shown = await resolveComponentsIndexed(page.components, locale, site.homeSlug, { masterDrafts: Boolean(edit) });
    // The home page's first hero is its opening banner (HomeHero with the page's h1).
    const heroEntry = page.isHome && shown[0]?.view.type === "hero" ? shown.shift()! : null;
    const hero = heroEntry?.view.type === "hero" ? heroEntry.view : null;
    // A blog post (post type 'post') shows author, date, picture, terms and comments too.
    const isPost = page.postType === "post";
    const [post, comments] = isPost
      ? await Promise.all([getPostDetails(page.id, locale), getCurrentUser(request).then((user) => loadComments("post", page.id, user))])
      : [null, null];
    const title = page.isHome ? homePageTitle : pageTitle(page.title, siteName);
    const description = page.metaDescription || excerptOf(page.bodyHtml);
    // Untranslated, the page's address is the Croatian one (HeadLinks' canonical).
    const path = (page.translated.includes(locale) ? page.alternates[locale] : page.alternates.hr) ?? url.pathname;
    const postJsonLd = post
      ? articleJsonLd({
          url: origin + path,
          headline: page.title,
          description,
          publishedAt: post.publishedAt,
          author: post.author,
          image: post.image ? absoluteImage(origin, post.image) : previewImage(origin, logo),
          locale: page.contentLocale ?? locale,
          publisher: { name: siteName, url: origin + homePath, logo: previewImage(origin, logo) },
        })
      : null;
    return {
      components: shown.map((entry) => entry.view),
      hero,
      ...common,
      isHome: page.isHome,
      title,
      // Without a meta description of its own, the start of its text (Lighthouse SEO, decision 0079).
      description,
      // Link previews (decision 0036): a post is an article with its picture.
      seo: [
        ...seoTags({
          origin,
          locale,
          path,
          type: post ? "article" : "website",
          image: post?.image ?? null,
          fallbackImagePath: logo,
          jsonLd: page.isHome ? homeJsonLd : postJsonLd ? [postJsonLd] : [],
        }),
        ...(post ? [{ property: "article:published_time", content: post.publishedAt }] : []),
      ],
      alternates: page.alternates,
      translated: page.translated,
      page: { title: page.title, bodyHtml: page.bodyHtml, contentLocale: page.contentLocale },
      post,
      comments,
      // Only for an editor in edit mode: shoppers' page data stays as it was.
      ...(edit
        ? {
            edit: {
              ...edit,
              shown: [...(heroEntry ? [heroEntry.index] : []), ...shown.map((entry) => entry.index)],
              hero: hero !== null,
              // The page texts panel's search-result preview (decision 0125): the title rule and address of this page.
              serp: { siteName, url: origin + path, homeTitle: page.isHome ? homePageTitle : null },
            },
          }
        : {}),
    };
  }
  // The home answers even before an editor has created its page.
  if (!params.slug)
    return {
      ...common,
      components: [],
      hero: null,
      isHome: true,
      title: homePageTitle,
      description: "",
      alternates: {},
      page: null,
      post: null,
      comments: null,
      seo: seoTags({ origin, locale, path: homePath, type: "website", fallbackImagePath: logo, jsonLd: homeJsonLd }),
    };

  const target = await handleUnknownPath(url.pathname, senderOf(context));
  if (target) throw redirect(target.to, target.status);
  const t = await getFixedT(locale);
  throw new Response(t("error.pageNotFound"), { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...titleMeta({ data })];

// The home banner is server-rendered and its code loads after the page is interactive
// (editable content since decision 0051; the home page's first-load budget has no room for it).
const HomeHero = serverFirst(import.meta.env.SSR ? HomeHeroNow : null, () => import("~/modules/layout/home-hero").then((m) => m.HomeHero));

// The shop blocks under the banner (hero products, sliders, newsletter) are server-rendered
// and their code (carousel, product cards) loads after the page is interactive: the home
// page's first-load budget (110 KiB) had no room left once every admin route shared the base chunk.
const HomeBlocks = serverFirst(import.meta.env.SSR ? HomeBlocksNow : null, () =>
  import("~/modules/home/home-blocks").then((m) => m.HomeBlocks),
);

// Only pages with components load the renderer (first-load budget of the home page).
const PageComponents = serverFirst(import.meta.env.SSR ? PageComponentsNow : null, () =>
  import("~/modules/cms/page-components").then((m) => m.PageComponents),
);

export default function Page() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      {data.isHome ? <HomeHero siteName={data.siteName} hero={data.hero} /> : null}
      {data.page && data.post ? <PostArticle post={data.page} details={data.post} comments={data.comments} locale={data.locale} /> : null}
      {data.page && !data.post ? <PageArticle page={data.page} locale={data.locale} showTitle={!data.isHome} /> : null}
      {data.components.length > 0 ? (
        // Sections of an untranslated page are in the language they are written in, not the URL's.
        <div
          className="contents"
          lang={data.page?.contentLocale && data.page.contentLocale !== data.locale ? data.page.contentLocale : undefined}
        >
          <PageComponents components={data.components} currency={data.currency} locale={data.locale} />
        </div>
      ) : null}
      {data.isHome && data.home ? (
        <HomeBlocks
          blocks={data.home.blocks}
          currency={data.currency}
          locale={data.locale}
          editMode={data.home.editMode}
          newsletterConsents={data.home.newsletterConsents}
          newsletterConstraint={data.home.newsletterConstraint}
        />
      ) : null}
    </>
  );
}
