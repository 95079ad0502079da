import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { pages, pageTranslations, users } from "~/.server/db/schema";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import { getSiteContext } from "~/modules/site/site.server";
import { SITE_ID } from "~/modules/kernel/options";
import { PAGE_STATES, pageState, type PageState, type PostType } from "./page-states";

/**
 * The backoffice lists of pages and of blog posts (decision 0054): one `pages` table
 * told apart by post type. Search in the title and slug of any language; filters by state
 * (live, scheduled, draft) and by a language the text is missing in; sorted by change,
 * publish date or Croatian title; one page, or every row for the CSV.
 */
export type { PostType, PageState };

export const pageListQuery = listQuery(
  { sorts: ["updatedAt", "publishedAt", "title"], sort: "updatedAt", dir: "desc" },
  { state: z.enum(PAGE_STATES).optional(), missing: z.enum(["en", "de"]).optional() },
);
export type PageListQuery = z.output<typeof pageListQuery>;

export type PageListRow = {
  id: number;
  title: string;
  slug: string;
  languages: Locale[];
  state: PageState;
  publishedAt: string | null;
  updatedAt: string;
  author: string | null;
  isHome: boolean;
};

const hrTitle = sql<string>`(select ${pageTranslations.title} from ${pageTranslations} where ${pageTranslations.pageId} = ${pages.id} and ${pageTranslations.languageCode} = 'hrv')`;

function conditions(postType: PostType, query: PageListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(pages.siteId, SITE_ID), eq(pages.postType, postType)];
  const translation = (...more: SQL[]) =>
    sql`(select 1 from ${pageTranslations} where ${pageTranslations.pageId} = ${pages.id} and ${and(...more)})`;
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(exists(translation(or(ilike(pageTranslations.title, pattern), ilike(pageTranslations.slug, pattern))!)));
  }
  if (query.missing) where.push(not(exists(translation(eq(pageTranslations.languageCode, LOCALE_LANGUAGE_CODE[query.missing])))));
  const now = sql`now()`;
  if (query.state === "draft") where.push(eq(pages.status, "draft"));
  if (query.state === "scheduled") where.push(and(eq(pages.status, "published"), gt(pages.publishedAt, now)));
  if (query.state === "published")
    where.push(and(eq(pages.status, "published"), or(isNull(pages.publishedAt), lte(pages.publishedAt, now))));
  return and(...where);
}

async function selectRows(postType: PostType, query: PageListQuery, limit: number, offset: number): Promise<PageListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort === "title" ? hrTitle : query.sort === "publishedAt" ? pages.publishedAt : pages.updatedAt;
  const rows = await db
    .select({ id: pages.id, status: pages.status, publishedAt: pages.publishedAt, updatedAt: pages.updatedAt, author: users.email })
    .from(pages)
    .leftJoin(users, eq(users.id, pages.author))
    .where(conditions(postType, query))
    .orderBy(direction(order), direction(pages.id))
    .limit(limit)
    .offset(offset);
  const texts = rows.length
    ? await db
        .select({
          pageId: pageTranslations.pageId,
          languageCode: pageTranslations.languageCode,
          title: pageTranslations.title,
          slug: pageTranslations.slug,
        })
        .from(pageTranslations)
        .where(
          inArray(
            pageTranslations.pageId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const { homeSlug } = await getSiteContext("hr");
  const now = new Date();
  return rows.map((row) => {
    const own = texts.filter((t) => t.pageId === row.id);
    const shown = own.find((t) => t.languageCode === "hrv") ?? own[0];
    return {
      id: row.id,
      title: shown?.title ?? "",
      slug: shown?.slug ?? "",
      languages: LOCALES.filter((l) => own.some((t) => t.languageCode === LOCALE_LANGUAGE_CODE[l])),
      state: pageState(row, now),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      author: row.author,
      isHome: postType === "page" && own.some((t) => t.languageCode === "hrv" && t.slug === homeSlug),
    };
  });
}

export async function listPages(postType: PostType, query: PageListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(pages).where(conditions(postType, query));
  const page = listPage(total, query);
  return { rows: await selectRows(postType, query, page.limit, page.offset), page };
}

export function exportPages(postType: PostType, query: PageListQuery): Promise<PageListRow[]> {
  return selectRows(postType, query, CSV_MAX_ROWS, 0);
}
