import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { LOCALES, type Locale } from "~/lib/locales";
import { positiveInt } from "~/lib/pagination";
import { canonicalTarget } from "~/lib/canonical-url";
import { MISSING, moved, pageFound, type PageOf } from "~/lib/page-outcome";
import { href } from "~/lib/routes-table";
import { listEvents } from "~/modules/events/events.server";
import { getSiteContext } from "~/modules/site/site.server";
import { handleUnknownPath } from "~/modules/redirects/redirects.server";
import { getTermBySlug, listCategories, listPosts, postUrlBySlug, type TermLink } from "./blog.server";

const SIDEBAR_EVENTS = 3;

/**
 * Everything /blog/{slug?} shows (spec §2 Blog category view): all posts, or a category's
 * or tag's, newest first, ten a page with first/previous/next/last, and "load more"
 * (?view=onepage&page=N lists pages 1..N, so the button is a plain link and the URL
 * reproduces the view). A post's slug under /blog lives at the post; unknown: missing.
 */
export async function loadBlogPage(url: URL, slug: string | undefined, locale: Locale) {
  const [site, t] = await Promise.all([getSiteContext(locale), getFixedT(locale)]);
  let term: TermLink | null = null;
  let alternates: Partial<Record<Locale, string>> = Object.fromEntries(LOCALES.map((l) => [l, href("blog", l)]));
  if (slug) {
    const found = await getTermBySlug(slug, locale);
    if (!found) {
      const post = await postUrlBySlug(slug, locale);
      const canonical = canonicalTarget(post, url.search);
      if (canonical) return moved(canonical, 301);
      // A renamed category or tag keeps its old address (redirects table, decision 0054).
      const target = await handleUnknownPath(url.pathname);
      if (target) return moved(target.to, target.status);
      return MISSING;
    }
    const canonical = canonicalTarget(found.redirectTo, url.search);
    if (canonical) return moved(canonical, 301);
    term = found.term;
    alternates = found.alternates;
  }
  const onepage = url.searchParams.get("view") === "onepage";
  const page = positiveInt(url.searchParams.get("page"), 1);
  const [list, categories, events] = await Promise.all([
    listPosts(locale, { page, termId: term?.id, onepage }),
    listCategories(locale),
    listEvents(locale, { pastLimit: 0, upcomingLimit: SIDEBAR_EVENTS }),
  ]);
  // A page past the end (a stale link) goes to the last page.
  if (page > list.info.totalPages) {
    const query = new URLSearchParams(url.search);
    query.set("page", String(list.info.totalPages));
    return moved(`${url.pathname}?${query}`, 302);
  }
  const more = new URLSearchParams({ view: "onepage", page: String(page + 1) });
  const heading = term ? term.name : t("blog.title");
  return pageFound({
    locale,
    origin: env.PUBLIC_URL,
    title: `${heading} | ${site.site.name}`,
    description: t("blog.title"),
    alternates,
    heading,
    term,
    blogHref: href("blog", locale),
    eventsHref: href("events", locale),
    categories,
    records: list.records,
    info: list.info,
    onepage,
    moreHref: page < list.info.totalPages ? `${url.pathname}?${more}` : null,
    events,
  });
}

export type BlogPageData = PageOf<Awaited<ReturnType<typeof loadBlogPage>>>;
