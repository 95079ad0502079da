import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { contentDrafts, contentVersions, pages, pageTranslations, postTerms, terms, users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import { changedFields, recordAudit, type AuditEntity } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { readPageContent, savePageContent, type PageContent } from "~/modules/cms/page-content.server";
import { publicImages } from "~/modules/media/media-upload.server";
import { getSiteContext } from "~/modules/site/site.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { PageSettingsInput, PageTextInput } from "./content-admin.schema";
import type { PostType } from "./page-states";
import { fromShopTime } from "./shop-time";

/**
 * The backoffice page and post editor (docs/decisions/0054). A page's text
 * per language goes through `savePageContent` (the one write path: version 409, kept
 * version, audit, caches); its settings (status, publish date, picture, author, terms) are
 * the `pages` row with its own version. The home page (HomePageSlug) is never deleted,
 * unpublished or moved to another Croatian slug: the shop's root shows it.
 */
type PageRow = typeof pages.$inferSelect;

export const pageNotFound = () =>
  new DomainError("pageNotFound", { message: "Page not found", key: "adminContent.errors.notFound", status: 404 });
const homeProtected = () =>
  new DomainError("homeProtected", { message: "The home page stays published", key: "adminContent.errors.homeProtected", status: 409 });

const auditEntity = (postType: PostType): AuditEntity => (postType === "post" ? "post" : "page");

async function isHomePage(pageId: number, executor?: Executor): Promise<boolean> {
  const [{ homeSlug }, hr] = await Promise.all([getSiteContext("hr"), readPageContent(pageId, "hrv", executor)]);
  return hr?.content.slug === homeSlug;
}

export async function findPage(pageId: number, postType: PostType, executor?: Executor): Promise<PageRow | null> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, pageId), eq(pages.siteId, SITE_ID), eq(pages.postType, postType)));
  return row ?? null;
}

/** Whether a row is a page or a post, for a caller that names it by id alone (the API); null when the site has no such row. */
export async function postTypeOf(pageId: number): Promise<PostType | null> {
  const db = await getDb();
  const [row] = await db
    .select({ postType: pages.postType })
    .from(pages)
    .where(and(eq(pages.id, pageId), eq(pages.siteId, SITE_ID)));
  return (row?.postType as PostType | undefined) ?? null;
}

/** The page or post whose text in `languageCode` has this slug, whatever its status (drafts too). */
export async function pageIdBySlug(slug: string, languageCode = "hrv"): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: pages.id })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(and(eq(pages.siteId, SITE_ID), eq(pageTranslations.languageCode, languageCode), eq(pageTranslations.slug, slug)));
  return row?.id ?? null;
}

async function lockPage(tx: Executor, pageId: number, postType: PostType): Promise<PageRow> {
  const [row] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.id, pageId), eq(pages.siteId, SITE_ID), eq(pages.postType, postType)))
    .for("update");
  if (!row) throw pageNotFound();
  return row;
}

/** Saves one language's text from the form; the components (edited on the page itself) stay as they are. */
export async function savePageText(staff: Staff, pageId: number, postType: PostType, input: PageTextInput): Promise<number> {
  if (!(await findPage(pageId, postType))) throw pageNotFound();
  const languageCode = LOCALE_LANGUAGE_CODE[input.language];
  const current = await readPageContent(pageId, languageCode);
  if (languageCode === "hrv" && current && current.content.slug !== input.slug && (await isHomePage(pageId))) throw homeProtected();
  const content: PageContent = {
    title: input.title,
    slug: input.slug,
    metaDescription: input.metaDescription,
    bodyHtml: input.bodyHtml,
    components: current?.content.components ?? [],
  };
  const { version } = await savePageContent(staff, {
    pageId,
    languageCode,
    content,
    expectedVersion: current ? (input.version ?? -1) : null,
    source: "form",
  });
  return version;
}

/** Makes a kept version live again (a new version "restore" of v n); the version shown must still be the live one. */
export async function restorePageVersion(
  staff: Staff,
  pageId: number,
  postType: PostType,
  language: Locale,
  versionId: number,
  expectedVersion: number,
): Promise<number> {
  if (!(await findPage(pageId, postType))) throw pageNotFound();
  const languageCode = LOCALE_LANGUAGE_CODE[language];
  const db = await getDb();
  const [kept] = await db
    .select()
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.id, versionId),
        eq(contentVersions.siteId, SITE_ID),
        eq(contentVersions.kind, "page"),
        eq(contentVersions.entityId, pageId),
        eq(contentVersions.languageCode, languageCode),
      ),
    );
  if (!kept)
    throw new DomainError("versionNotFound", { message: "Version not found", key: "adminContent.errors.versionNotFound", status: 404 });
  const content = kept.data as PageContent;
  const current = await readPageContent(pageId, languageCode);
  if (languageCode === "hrv" && current && current.content.slug !== content.slug && (await isHomePage(pageId))) throw homeProtected();
  const { version } = await savePageContent(staff, {
    pageId,
    languageCode,
    content,
    expectedVersion,
    source: "restore",
    note: String(kept.version),
  });
  return version;
}

/**
 * A missing language's text made from the Croatian original (spec §7 link/{slug}/
 * createTranslationFromOriginal): title, slug, description, body and components copied,
 * for the editor to translate. Same slug: slugs are unique per language only.
 */
export async function translateFromOriginal(staff: Staff, pageId: number, postType: PostType, language: Locale): Promise<void> {
  if (!(await findPage(pageId, postType))) throw pageNotFound();
  const languageCode = LOCALE_LANGUAGE_CODE[language];
  const original = await readPageContent(pageId, "hrv");
  if (language === "hr" || !original)
    throw new DomainError("noOriginal", { message: "No Croatian original", key: "adminContent.errors.noOriginal", status: 409 });
  if (await readPageContent(pageId, languageCode))
    throw new DomainError("translated", { message: "Already translated", key: "adminContent.errors.alreadyTranslated", status: 409 });
  await savePageContent(staff, { pageId, languageCode, content: original.content, expectedVersion: null, source: "create", note: "hrv" });
}

/** Status, publish date (a later one schedules), and for posts picture, author and terms. */
export async function savePageSettings(
  staff: Staff,
  pageId: number,
  postType: PostType,
  input: PageSettingsInput,
  uploadedImageId: number | null,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockPage(tx, pageId, postType);
    checkVersion(before.version, input.version);
    if (input.status !== "published" && (await isHomePage(pageId, tx))) throw homeProtected();
    const publishedAt = input.publishedAt
      ? fromShopTime(input.publishedAt)
      : input.status === "published"
        ? (before.publishedAt ?? new Date())
        : before.publishedAt;
    const set: Partial<PageRow> = { status: input.status, publishedAt, version: before.version + 1 };
    let termIds: number[] | undefined;
    if (postType === "post") {
      const chosen = input.imageId && (await publicImages([input.imageId], tx)).has(input.imageId) ? input.imageId : null;
      set.imageId = uploadedImageId ?? chosen;
      set.author = input.authorId ? await staffId(tx, input.authorId) : null;
      termIds = input.termIds.length
        ? (
            await tx
              .select({ id: terms.id })
              .from(terms)
              .where(and(eq(terms.siteId, SITE_ID), inArray(terms.id, input.termIds)))
          ).map((t) => t.id)
        : [];
    }
    const beforeTerms =
      postType === "post"
        ? (await tx.select({ id: postTerms.termId }).from(postTerms).where(eq(postTerms.postId, pageId)))
            .map((t) => t.id)
            .sort((a, b) => a - b)
        : [];
    const [after] = await tx.update(pages).set(set).where(eq(pages.id, pageId)).returning();
    if (termIds) {
      await tx.delete(postTerms).where(eq(postTerms.postId, pageId));
      if (termIds.length) await tx.insert(postTerms).values(termIds.map((termId) => ({ postId: pageId, termId })));
    }
    const view = (row: PageRow, termList: number[]) => ({
      status: row.status,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      imageId: row.imageId,
      author: row.author,
      terms: termList.join(","),
    });
    await recordAudit(tx, staff, {
      entity: auditEntity(postType),
      entityId: pageId,
      action: "settings",
      ...changedFields(
        view(before, beforeTerms),
        view(
          after,
          (termIds ?? []).sort((a, b) => a - b),
        ),
      ),
    });
  });
  await dataChanged("page");
}

/** An author must be a backoffice user (the post shows their name). */
async function staffId(tx: Executor, id: number): Promise<number> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isBackofficeUser, true)));
  if (!row)
    throw new DomainError("authorNotFound", {
      message: "Author not found",
      key: "adminContent.errors.author",
      status: 400,
      field: "authorId",
    });
  return row.id;
}

export async function deletePage(staff: Staff, pageId: number, postType: PostType, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockPage(tx, pageId, postType);
    checkVersion(before.version, version);
    await removePage(tx, staff, before, postType);
  });
  await dataChanged("page");
}

async function removePage(tx: Executor, staff: Staff, row: PageRow, postType: PostType) {
  if (await isHomePage(row.id, tx)) throw homeProtected();
  const hr = await readPageContent(row.id, "hrv", tx);
  await tx
    .delete(contentDrafts)
    .where(and(eq(contentDrafts.siteId, SITE_ID), eq(contentDrafts.kind, "page"), eq(contentDrafts.entityId, row.id)));
  await tx.delete(pages).where(eq(pages.id, row.id));
  // Kept versions stay (history of what was published), the trail says who deleted it.
  await recordAudit(tx, staff, {
    entity: auditEntity(postType),
    entityId: row.id,
    action: "delete",
    before: { status: row.status, title: hr?.content.title ?? null, slug: hr?.content.slug ?? null },
  });
}

/** The list's bulk publish / unpublish / delete; the home page is skipped (it stays live). */
export async function bulkPages(
  staff: Staff,
  postType: PostType,
  intent: "publish" | "unpublish" | "delete",
  ids: number[],
): Promise<{ changed: number; skipped: number }> {
  if (ids.length === 0) return { changed: 0, skipped: 0 };
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(pages)
      .where(and(eq(pages.siteId, SITE_ID), eq(pages.postType, postType), inArray(pages.id, ids)))
      .for("update");
    let n = 0;
    for (const row of rows) {
      if (intent !== "publish" && (await isHomePage(row.id, tx))) continue;
      if (intent === "delete") {
        await removePage(tx, staff, row, postType);
        n++;
        continue;
      }
      const status = intent === "publish" ? "published" : "draft";
      if (row.status === status) continue;
      await tx
        .update(pages)
        .set({ status, publishedAt: row.publishedAt ?? (status === "published" ? new Date() : null), version: row.version + 1 })
        .where(eq(pages.id, row.id));
      await recordAudit(tx, staff, {
        entity: auditEntity(postType),
        entityId: row.id,
        action: intent,
        before: { status: row.status },
        after: { status },
      });
      n++;
    }
    return n;
  });
  if (changed > 0) await dataChanged("page");
  return { changed, skipped: ids.length - changed };
}

export { isHomePage };
