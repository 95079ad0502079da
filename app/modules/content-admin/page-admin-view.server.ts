import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { postTerms, terms, termTranslations, users } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { auditTrail } from "~/modules/kernel/audit.server";
import { pageContentVersions, readPageContent } from "~/modules/cms/page-content.server";
import { mediaChoices } from "~/modules/media/media-upload.server";
import { SITE_ID } from "~/modules/kernel/options";
import { findPage, isHomePage } from "./page-admin.server";
import { pageState, type PostType } from "./page-states";
import { toShopTime } from "./shop-time";

/**
 * What the page / post detail screen shows: per language its text and version (or that it
 * is missing), its components (read-only: the in-page editor edits them), its kept
 * versions; the settings form's values; for posts the terms, authors and pictures to
 * choose from; the audit trail.
 */
export async function pageEditView(pageId: number, postType: PostType) {
  const row = await findPage(pageId, postType);
  if (!row) return null;
  const languages = await Promise.all(
    LOCALES.map(async (locale) => {
      const code = LOCALE_LANGUAGE_CODE[locale];
      const [live, versions] = await Promise.all([readPageContent(pageId, code), pageContentVersions(pageId, code, 30)]);
      return {
        locale,
        version: live?.version ?? null,
        content: live
          ? {
              title: live.content.title,
              slug: live.content.slug,
              metaDescription: live.content.metaDescription,
              bodyHtml: live.content.bodyHtml,
            }
          : null,
        components: (live?.content.components ?? []).map((c) => String((c as { type?: unknown }).type ?? "?")),
        // The live address, with the in-page editor's switch.
        url: live ? href("page", locale, { slug: live.content.slug }) : null,
        versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
      };
    }),
  );
  const post = postType === "post" ? await postChoices(pageId, row.imageId) : null;
  return {
    id: row.id,
    version: row.version,
    state: pageState(row),
    isHome: postType === "page" && (await isHomePage(pageId)),
    title: languages.find((l) => l.locale === "hr")?.content?.title ?? languages.find((l) => l.content)?.content?.title ?? `#${row.id}`,
    languages,
    settings: {
      status: row.status,
      publishedAt: toShopTime(row.publishedAt),
      imageId: row.imageId,
      authorId: row.author ? String(row.author) : "",
      termIds: post?.chosenTerms ?? [],
    },
    post,
    audit: await trailOf(pageId, postType),
  };
}

/** Text saves are audited as "page" by the one write path, a post's settings as "post": a post shows both. */
async function trailOf(pageId: number, postType: PostType) {
  if (postType === "page") return auditTrail("page", pageId);
  const [text, settings] = await Promise.all([auditTrail("page", pageId), auditTrail("post", pageId)]);
  return [...text, ...settings].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id)).slice(0, 50);
}

async function postChoices(pageId: number, imageId: number | null) {
  const db = await getDb();
  const [chosen, allTerms, authors, media] = await Promise.all([
    db.select({ id: postTerms.termId }).from(postTerms).where(eq(postTerms.postId, pageId)),
    termOptions("hr"),
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.isBackofficeUser, true))
      .orderBy(asc(users.email))
      .limit(200),
    mediaChoices({ include: imageId ? [imageId] : [] }),
  ]);
  return { chosenTerms: chosen.map((c) => String(c.id)), terms: allTerms, authors, media };
}

/** Every blog term named in a language (else Croatian), categories first, in the editors' order. */
export async function termOptions(locale: Locale) {
  const db = await getDb();
  const rows = await db
    .select({ id: terms.id, type: terms.type, languageCode: termTranslations.languageCode, name: termTranslations.name })
    .from(terms)
    .innerJoin(termTranslations, eq(termTranslations.termId, terms.id))
    .where(and(eq(terms.siteId, SITE_ID), sql`${termTranslations.languageCode} in ('hrv', ${LOCALE_LANGUAGE_CODE[locale]})`))
    .orderBy(asc(terms.type), asc(terms.position), asc(terms.id));
  const byId = new Map<number, { id: number; type: string; name: string }>();
  for (const row of rows) {
    if (!byId.has(row.id) || row.languageCode === LOCALE_LANGUAGE_CODE[locale])
      byId.set(row.id, { id: row.id, type: row.type, name: row.name });
  }
  return [...byId.values()];
}
