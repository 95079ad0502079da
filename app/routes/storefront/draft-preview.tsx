import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { requestLocale } from "~/.server/shopper.server";
import { useTranslation } from "~/lib/i18n";
import { loaderCacheControl } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { serverFirst } from "~/lib/server-first";
import { getPostDetails } from "~/modules/blog/blog.server";
import { PageArticle } from "~/modules/cms/page-article";
import { PageComponents as PageComponentsNow } from "~/modules/cms/page-components";
import { resolveComponentsIndexed } from "~/modules/cms/page-components.server";
import { openDraftPreview } from "~/modules/editing/draft-preview.server";
import { HomeBlocks as HomeBlocksNow } from "~/modules/home/home-blocks";
import { getHomeView } from "~/modules/home/home.server";
import { HomeHero as HomeHeroNow } from "~/modules/layout/home-hero";
import { getSiteContext } from "~/modules/site/site.server";
import { PostArticle as PostArticleNow } from "~/routes/storefront/post-article";
import { movedTo } from "~/routes/http/page-outcome.server";

// The page's own namespaces (as page.tsx) and the preview's messages (draftPreview: none of them on shoppers' pages).
export const handle = { i18n: ["blog", "catalog", "comments", "draftPreview", "forms", "home", "newsletter", "pages"] };

/**
 * A draft's preview link (decision 0124): whoever has the link, signed in or not, sees the
 * page as its current draft would publish, in the storefront layout, under a banner saying it
 * is not published; not who changed it nor when. Never cached by anyone (the draft changes
 * under the same address), never indexed. A tampered link or a deleted page is a 404, an
 * expired link a 410, a draft published or discarded meanwhile a 410 that leads to the live
 * page when shoppers can see it. No edit toolbar and none of the editor's code: the site
 * layout loads those only for an editor's ?editPage=true.
 */
const PRIVATE = { "Cache-Control": "private, no-store" };
export const headers = loaderCacheControl;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const token = params.token ?? "";
  const preview = await openDraftPreview(token);
  // The link shows the draft in its own language's site (a language switch leads back here).
  if (preview.state !== "notFound" && preview.locale !== locale) {
    const moved = movedTo(href("draftPreview", preview.locale, { token }), 302, "/");
    for (const [name, value] of Object.entries(PRIVATE)) moved.headers.set(name, value);
    throw moved;
  }
  const t = await getFixedT(locale, "draftPreview");
  if (preview.state !== "draft") {
    const status = preview.state === "notFound" ? 404 : 410;
    const livePath = preview.state === "gone" ? preview.livePath : null;
    return data({ state: preview.state, locale, title: t(`draftPreview.${preview.state}`), livePath }, { status, headers: PRIVATE });
  }
  const { page } = preview;
  const site = await getSiteContext(locale);
  const shown = await resolveComponentsIndexed(page.components, locale, site.homeSlug, { masterDrafts: true });
  // As on the page itself: the home page's first hero is its opening banner.
  const heroEntry = page.isHome && shown[0]?.view.type === "hero" ? shown.shift()! : null;
  const [post, home] = await Promise.all([
    page.postType === "post" ? getPostDetails(page.id, locale) : null,
    page.isHome ? getHomeView(locale, null) : null,
  ]);
  return data(
    {
      state: "draft" as const,
      locale,
      title: `${t("draftPreview.title")}: ${page.title} | ${site.site.name}`,
      siteName: site.site.name,
      currency: site.currency,
      isHome: page.isHome,
      hero: heroEntry?.view.type === "hero" ? heroEntry.view : null,
      components: shown.map((entry) => entry.view),
      page: { title: page.title, bodyHtml: page.bodyHtml, contentLocale: page.contentLocale },
      post,
      home,
    },
    { headers: PRIVATE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

// The page's parts load as on the page itself: server-rendered, their code after the page is interactive.
const PostArticle = serverFirst(import.meta.env.SSR ? PostArticleNow : null, () =>
  import("~/routes/storefront/post-article").then((m) => m.PostArticle),
);
const HomeHero = serverFirst(import.meta.env.SSR ? HomeHeroNow : null, () => import("~/modules/layout/home-hero").then((m) => m.HomeHero));
const HomeBlocks = serverFirst(import.meta.env.SSR ? HomeBlocksNow : null, () =>
  import("~/modules/home/home-blocks").then((m) => m.HomeBlocks),
);
const PageComponents = serverFirst(import.meta.env.SSR ? PageComponentsNow : null, () =>
  import("~/modules/cms/page-components").then((m) => m.PageComponents),
);

export default function DraftPreview() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.state !== "draft") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="draft-preview-message">
        <h1 className="text-2xl font-bold">{t(`draftPreview.${data.state}`)}</h1>
        {data.state === "gone" && data.livePath ? (
          <p className="mt-6">
            <a href={data.livePath} className="font-semibold text-brand-700 underline" data-testid="draft-preview-live">
              {t("draftPreview.toLive")}
            </a>
          </p>
        ) : (
          <p className="mt-4 text-slate-700">{t("draftPreview.askAgain")}</p>
        )}
      </section>
    );
  }
  return (
    <>
      <p
        role="note"
        data-testid="draft-preview-banner"
        className="border-y-4 border-amber-400 bg-amber-100 px-4 py-3 text-center font-semibold text-amber-950"
      >
        {t("draftPreview.banner")}
      </p>
      {data.isHome ? <HomeHero siteName={data.siteName} hero={data.hero} /> : null}
      {data.post ? <PostArticle post={data.page} details={data.post} comments={null} locale={data.locale} /> : null}
      {!data.post ? <PageArticle page={data.page} locale={data.locale} showTitle={!data.isHome} /> : null}
      {data.components.length > 0 ? <PageComponents components={data.components} currency={data.currency} locale={data.locale} /> : null}
      {data.home ? (
        <HomeBlocks
          blocks={data.home.blocks}
          currency={data.currency}
          locale={data.locale}
          editMode={false}
          newsletterConsents={data.home.newsletterConsents}
          newsletterConstraint={data.home.newsletterConstraint}
        />
      ) : null}
    </>
  );
}
