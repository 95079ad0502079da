import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media, pages, pageTranslations, postTerms, terms, termTranslations, users, type TermType } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import { pageInfo, type PageInfo } from "~/lib/pagination";
import { href } from "~/lib/routes-table";
import { toMediaRef } from "~/modules/media/media-ref.server";
import { armScheduledContent } from "./scheduled.server";
import { excerptOf } from "~/lib/excerpt";

const SOURCE = "hrv"; // the source language: the fallback text of an untranslated post or term
/** Spec §9: the default paginated-list page size. */
export const BLOG_PAGE_SIZE = 10;
/** The one-page ("load more") view shows at most this many pages at once. */
const MAX_ONEPAGE_PAGES = 10;

export type TermLink = { id: number; type: TermType; name: string; href: string };
export type PostCard = {
  id: number;
  title: string;
  href: string;
  excerpt: string;
  publishedAt: string;
  image: MediaRef | null;
  /** The language the text is written in when it is not the page's. */
  lang: Locale | null;
};

/** Published and not scheduled for later (spec §7 post/filterStandard lists what is live). */
export const livePost = () =>
  and(
    eq(pages.siteId, SITE_ID),
    eq(pages.postType, "post"),
    eq(pages.status, "published"),
    or(isNull(pages.publishedAt), lte(pages.publishedAt, sql`now()`)),
  );

const localeOf = (code: string) => LOCALES.find((l) => LOCALE_LANGUAGE_CODE[l] === code) ?? null;

/** Of a row set in several languages, the locale's own row, else the Croatian one. */
function pick<T extends { languageCode: string }>(rows: T[], locale: Locale): T | undefined {
  return rows.find((r) => r.languageCode === LOCALE_LANGUAGE_CODE[locale]) ?? rows.find((r) => r.languageCode === SOURCE);
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/** Terms by id, named in the locale (else Croatian), linking to the blog category view. */
export async function termLinks(ids: number[], locale: Locale): Promise<Map<number, TermLink>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      id: terms.id,
      type: terms.type,
      position: terms.position,
      languageCode: termTranslations.languageCode,
      name: termTranslations.name,
      slug: termTranslations.slug,
    })
    .from(terms)
    .innerJoin(termTranslations, eq(termTranslations.termId, terms.id))
    .where(inArray(terms.id, ids))
    .orderBy(asc(terms.position));
  const result = new Map<number, TermLink>();
  for (const [id, own] of groupBy(rows, (r) => r.id)) {
    const shown = pick(own, locale);
    if (shown) result.set(id, { id, type: shown.type, name: shown.name, href: href("blog", locale, { slug: shown.slug }) });
  }
  return result;
}

/** The blog's categories (spec §2 Blog category view) in their editor order. */
export async function listCategories(locale: Locale): Promise<TermLink[]> {
  const db = await getDb();
  const ids = await db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.siteId, SITE_ID), eq(terms.type, "category")))
    .orderBy(asc(terms.position));
  const links = await termLinks(
    ids.map((r) => r.id),
    locale,
  );
  return ids.flatMap((r) => links.get(r.id) ?? []);
}

export type TermLookup = { term: TermLink; alternates: Partial<Record<Locale, string>>; redirectTo: string | null };

/** A category or tag by its slug in the locale's language, else its Croatian slug; redirects to its own URL. */
export async function getTermBySlug(slug: string, locale: Locale): Promise<TermLookup | null> {
  const db = await getDb();
  const language = LOCALE_LANGUAGE_CODE[locale];
  const hits = await db
    .select({ termId: termTranslations.termId, languageCode: termTranslations.languageCode })
    .from(termTranslations)
    .innerJoin(terms, eq(terms.id, termTranslations.termId))
    .where(
      and(
        eq(termTranslations.slug, slug),
        eq(terms.siteId, SITE_ID),
        inArray(termTranslations.languageCode, [...new Set([language, SOURCE])]),
      ),
    );
  const hit = hits.find((h) => h.languageCode === language) ?? hits[0];
  if (!hit) return null;
  const rows = await db.select().from(termTranslations).where(eq(termTranslations.termId, hit.termId));
  const alternates: Partial<Record<Locale, string>> = {};
  for (const l of LOCALES) {
    const own = pick(rows, l);
    if (own) alternates[l] = href("blog", l, { slug: own.slug });
  }
  const term = (await termLinks([hit.termId], locale)).get(hit.termId)!;
  const requested = href("blog", locale, { slug });
  return { term, alternates, redirectTo: alternates[locale] && alternates[locale] !== requested ? alternates[locale]! : null };
}

export type PostList = { records: PostCard[]; info: PageInfo };

/**
 * Live posts, newest first (spec §9: published_at descending), optionally of one term.
 * `upTo` > 1 returns pages 1..upTo in one list: the one-page view's "load more". The page
 * size is the blog's (spec §9: 10) unless an API call asks for another.
 */
export async function listPosts(
  locale: Locale,
  { page, termId, onepage = false, perPage = BLOG_PAGE_SIZE }: { page: number; termId?: number; onepage?: boolean; perPage?: number },
): Promise<PostList> {
  const db = await getDb();
  const where = termId
    ? and(livePost(), inArray(pages.id, db.select({ id: postTerms.postId }).from(postTerms).where(eq(postTerms.termId, termId))))
    : livePost();
  const [[{ total }]] = await Promise.all([db.select({ total: count() }).from(pages).where(where), armScheduledContent()]);
  const info = pageInfo(page, perPage, total);
  const pagesShown = onepage ? Math.min(info.page, MAX_ONEPAGE_PAGES) : 1;
  const ids = await db
    .select({ id: pages.id, publishedAt: pages.publishedAt, createdAt: pages.createdAt, imageId: pages.imageId })
    .from(pages)
    .where(where)
    .orderBy(sql`${pages.publishedAt} desc nulls last`, desc(pages.id))
    .limit(perPage * pagesShown)
    .offset(onepage ? 0 : (info.page - 1) * perPage);
  return { records: await postCards(ids, locale), info };
}

type PostRow = { id: number; publishedAt: Date | null; createdAt: Date; imageId: number | null };

async function postCards(posts: PostRow[], locale: Locale): Promise<PostCard[]> {
  if (posts.length === 0) return [];
  const db = await getDb();
  const ids = posts.map((p) => p.id);
  const texts = groupBy(await db.select().from(pageTranslations).where(inArray(pageTranslations.pageId, ids)), (r) => r.pageId);
  const images = await imagesById(
    posts.flatMap((p) => (p.imageId ? [p.imageId] : [])),
    locale,
  );
  return posts.flatMap((post) => {
    const own = texts.get(post.id) ?? [];
    const shown = pick(own, locale);
    if (!shown) return [];
    const contentLocale = localeOf(shown.languageCode);
    return [
      {
        id: post.id,
        title: shown.title,
        href: href("page", locale, { slug: shown.slug }),
        excerpt: excerptOf(shown.bodyHtml),
        publishedAt: (post.publishedAt ?? post.createdAt).toISOString(),
        image: post.imageId ? (images.get(post.imageId) ?? null) : null,
        lang: contentLocale !== locale ? contentLocale : null,
      },
    ];
  });
}

async function imagesById(ids: number[], locale: Locale): Promise<Map<number, MediaRef>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select().from(media).where(inArray(media.id, ids));
  return new Map(rows.map((row) => [row.id, toMediaRef(row, locale)]));
}

export type PostDetails = { author: string | null; publishedAt: string; image: MediaRef | null; terms: TermLink[] };

/** What the post view shows beside title and body: author, date, picture, categories and tags. */
export async function getPostDetails(postId: number, locale: Locale): Promise<PostDetails | null> {
  const db = await getDb();
  const [post] = await db
    .select({
      publishedAt: pages.publishedAt,
      createdAt: pages.createdAt,
      imageId: pages.imageId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(pages)
    .leftJoin(users, eq(users.id, pages.author))
    .where(and(eq(pages.id, postId), livePost()));
  if (!post) return null;
  const termIds = await db.select({ id: postTerms.termId }).from(postTerms).where(eq(postTerms.postId, postId));
  const links = await termLinks(
    termIds.map((r) => r.id),
    locale,
  );
  const author = [post.firstName, post.lastName].filter(Boolean).join(" ") || null;
  const images = await imagesById(post.imageId ? [post.imageId] : [], locale);
  return {
    author,
    publishedAt: (post.publishedAt ?? post.createdAt).toISOString(),
    image: post.imageId ? (images.get(post.imageId) ?? null) : null,
    // Categories first, then tags, each in editor order (termLinks sorts by position).
    terms: [...links.values()].sort((a, b) => (a.type === b.type ? 0 : a.type === "category" ? -1 : 1)),
  };
}

/** A live post's own URL when a slug under /blog names a post rather than a term. */
export async function postUrlBySlug(slug: string, locale: Locale): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: pages.id })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(and(eq(pageTranslations.slug, slug), livePost()))
    .limit(1);
  if (!row) return null;
  const texts = await db.select().from(pageTranslations).where(eq(pageTranslations.pageId, row.id));
  const shown = pick(texts, locale);
  return shown ? href("page", locale, { slug: shown.slug }) : null;
}

/** Sitemap: every term's paths per language (posts are listed with the pages). */
export async function listTermPaths(): Promise<{ paths: Partial<Record<Locale, string>> }[]> {
  const db = await getDb();
  const rows = await db
    .select({ termId: termTranslations.termId, languageCode: termTranslations.languageCode, slug: termTranslations.slug })
    .from(termTranslations)
    .innerJoin(terms, eq(terms.id, termTranslations.termId))
    .where(eq(terms.siteId, SITE_ID));
  return [...groupBy(rows, (r) => r.termId).values()].map((own) => ({
    paths: Object.fromEntries(
      LOCALES.flatMap((l) => {
        const row = pick(own, l);
        return row ? [[l, href("blog", l, { slug: row.slug })]] : [];
      }),
    ),
  }));
}
