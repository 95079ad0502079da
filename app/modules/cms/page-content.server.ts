import { and, desc, eq, ne } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import { getDb, type Executor } from "~/.server/db/client.server";
import { contentVersions, pages, pageTranslations } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, LOCALES } from "~/lib/locales";
import { redirectChangedSlug } from "~/modules/redirects/slug-redirects.server";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { SITE_ID } from "~/modules/kernel/options";
import { componentsForSave, type StoredComponent } from "./page-components.schema";
import { templateComponents, type PageTemplate } from "./page-templates";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { versionSummary } from "./page-versions.server";
import { isReservedSlug } from "~/lib/reserved-slugs";

/**
 * The one write path of a page's content in one language (decision 0056): the backoffice's
 * page form and in-page Publish both go through `savePageContent`, so both check the
 * same version (page_translations.version), keep a version in content_versions, write the
 * audit row and clear the caches that show pages. Nothing else writes page_translations.
 */
export type PageContent = {
  title: string;
  slug: string;
  metaDescription: string;
  bodyHtml: string;
  components: StoredComponent[];
};

export type VersionSource = "publish" | "form" | "restore" | "create";

/** The live content of a page in one language and its version, or null when it has no such translation. */
export async function readPageContent(pageId: number, languageCode: string, executor?: Executor) {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({
      title: pageTranslations.title,
      slug: pageTranslations.slug,
      metaDescription: pageTranslations.metaDescription,
      bodyHtml: pageTranslations.bodyHtml,
      components: pageTranslations.components,
      version: pageTranslations.version,
    })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(and(eq(pages.siteId, SITE_ID), eq(pageTranslations.pageId, pageId), eq(pageTranslations.languageCode, languageCode)));
  if (!row) return null;
  const { version, components, ...text } = row;
  return { version, content: { ...text, components: components as StoredComponent[] } satisfies PageContent };
}

/**
 * Writes a page's content in one language. `expectedVersion` is the version the editor
 * started from (null creates the translation, refused when it exists); a version that
 * moved on is a 409 and changes nothing. Components are checked by their schemas and the
 * body goes through the CMS allow-list here, whoever calls. A slug another page of the
 * same language uses is a 409 on the slug field.
 */
export async function savePageContent(
  staff: Pick<Staff, "id" | "email">,
  input: {
    pageId: number;
    languageCode: string;
    content: PageContent;
    expectedVersion: number | null;
    source: VersionSource;
    note?: string;
    /** A draft page (made in the "new page" dialog) goes live with this save, before the caches hear of it. */
    publish?: boolean;
  },
): Promise<{ version: number }> {
  const content: PageContent = {
    ...input.content,
    bodyHtml: sanitizeCmsHtml(input.content.bodyHtml),
    components: componentsForSave(input.content.components),
  };
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await assertSlugFree(tx, input.pageId, input.languageCode, content.slug);
    const [current] = await tx
      .select({ id: pageTranslations.id, version: pageTranslations.version, title: pageTranslations.title, slug: pageTranslations.slug })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.pageId, input.pageId), eq(pageTranslations.languageCode, input.languageCode)))
      .for("update");
    let version: number;
    if (current) {
      if (input.expectedVersion === null) checkVersion(current.version, -1);
      else checkVersion(current.version, input.expectedVersion);
      version = current.version + 1;
      await tx
        .update(pageTranslations)
        .set({ ...content, version })
        .where(eq(pageTranslations.id, current.id));
      // The old address keeps working (301 to the new one), whoever changed the slug.
      if (current.slug !== content.slug) {
        // The languages without their own text show the Croatian one under its slug: they move with it.
        const own =
          input.languageCode === "hrv"
            ? await tx
                .select({ code: pageTranslations.languageCode })
                .from(pageTranslations)
                .where(eq(pageTranslations.pageId, input.pageId))
            : [];
        const moving = LOCALES.filter(
          (l) =>
            LOCALE_LANGUAGE_CODE[l] === input.languageCode ||
            (input.languageCode === "hrv" && !own.some((o) => o.code === LOCALE_LANGUAGE_CODE[l])),
        );
        for (const locale of moving) await redirectChangedSlug(tx, "page", locale, current.slug, content.slug);
      }
    } else {
      if (input.expectedVersion !== null) checkVersion(0, input.expectedVersion);
      version = 1;
      await tx.insert(pageTranslations).values({ pageId: input.pageId, languageCode: input.languageCode, ...content, version });
    }
    await tx.update(pages).set({ updatedAt: new Date() }).where(eq(pages.id, input.pageId));
    if (input.publish)
      await tx
        .update(pages)
        .set({ status: "published", publishedAt: new Date() })
        .where(and(eq(pages.id, input.pageId), eq(pages.status, "draft")));
    await tx.insert(contentVersions).values({
      siteId: SITE_ID,
      kind: "page",
      entityId: input.pageId,
      languageCode: input.languageCode,
      version,
      data: content,
      source: input.source,
      note: input.note ?? "",
      createdBy: staff.id,
      createdByEmail: staff.email,
    });
    await recordAudit(tx, staff, {
      entity: "page",
      entityId: input.pageId,
      action: input.source,
      before: current ? { title: current.title, slug: current.slug, version: current.version } : null,
      after: { language: input.languageCode, title: content.title, slug: content.slug, version },
    });
    return { version };
  });
  await dataChanged("page");
  return result;
}

/**
 * Puts a page that was never published (status draft) live as it stands, for in-page Publish
 * of a page with no draft: false when it is live already or unknown. Audited; caches cleared.
 */
export async function publishUnpublishedPage(staff: Pick<Staff, "id" | "email">, pageId: number): Promise<boolean> {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pages)
      .set({ status: "published", publishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(pages.id, pageId), eq(pages.siteId, SITE_ID), eq(pages.status, "draft")))
      .returning({ id: pages.id, postType: pages.postType });
    if (!row) return false;
    await recordAudit(tx, staff, {
      entity: row.postType === "post" ? "post" : "page",
      entityId: pageId,
      action: "publish",
      before: { status: "draft" },
      after: { status: "published" },
    });
    return true;
  });
  if (done) await dataChanged("page");
  return done;
}

async function assertSlugFree(tx: Executor, pageId: number, languageCode: string, slug: string) {
  // Every way a page gets a slug comes through here: the page forms, the new-page dialog, translations.
  if (isReservedSlug(slug))
    throw new DomainError("slugReserved", {
      message: "Slug belongs to a shop route",
      key: "admin.content.slugReserved",
      values: { slug },
      status: 400,
      field: "slug",
    });
  const [taken] = await tx
    .select({ id: pageTranslations.pageId })
    .from(pageTranslations)
    .where(and(eq(pageTranslations.languageCode, languageCode), eq(pageTranslations.slug, slug), ne(pageTranslations.pageId, pageId)))
    .limit(1);
  if (taken)
    throw new DomainError("slugTaken", { message: "Slug already used", key: "admin.content.slugTaken", status: 409, field: "slug" });
}

/** The kept versions of a page's content in one language, newest first (history: who, when, how). */
export async function pageContentVersions(pageId: number, languageCode: string, limit = 50) {
  const db = await getDb();
  return db
    .select(versionSummary)
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.siteId, SITE_ID),
        eq(contentVersions.kind, "page"),
        eq(contentVersions.entityId, pageId),
        eq(contentVersions.languageCode, languageCode),
      ),
    )
    .orderBy(desc(contentVersions.version), desc(contentVersions.id))
    .limit(limit);
}

/**
 * A new page or post (status draft unless `publish`) with its first translation made from
 * a template; the first version is kept like any other. Shared by the backoffice's "new
 * page" form and the in-page "new page" dialog.
 */
export async function createPage(
  staff: Pick<Staff, "id" | "email">,
  input: { postType: "page" | "post"; languageCode: string; title: string; slug: string; template: PageTemplate; publish: boolean },
): Promise<{ pageId: number; version: number }> {
  const db = await getDb();
  const [page] = await db
    .insert(pages)
    .values({
      siteId: SITE_ID,
      postType: input.postType,
      status: input.publish ? "published" : "draft",
      publishedAt: input.publish ? new Date() : null,
      author: staff.id,
    })
    .returning({ id: pages.id });
  try {
    const content: PageContent = {
      title: input.title,
      slug: input.slug,
      metaDescription: "",
      bodyHtml: "",
      components: templateComponents(input.template, input.title),
    };
    const { version } = await savePageContent(staff, {
      pageId: page.id,
      languageCode: input.languageCode,
      content,
      expectedVersion: null,
      source: "create",
    });
    return { pageId: page.id, version };
  } catch (error) {
    // A taken slug leaves no empty page behind.
    await db.delete(pages).where(eq(pages.id, page.id));
    throw error;
  }
}
