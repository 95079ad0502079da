import { and, eq, inArray } from "drizzle-orm";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import type { Executor } from "../client.server";
import { pages, pageTranslations } from "../schema";
import { SITE_ID } from "./data/options";
import { PAGES } from "./data/pages";

/**
 * The built-in pages with their translations. A page whose Croatian slug exists is left
 * alone (an editor may have changed it), so running this again inserts only what is missing.
 */
export async function seedPages(tx: Executor) {
  const existing = await tx
    .select({ slug: pageTranslations.slug })
    .from(pageTranslations)
    .where(
      and(
        eq(pageTranslations.languageCode, "hrv"),
        inArray(
          pageTranslations.slug,
          PAGES.map((p) => p.hrv.slug),
        ),
      ),
    );
  const seeded = new Set(existing.map((row) => row.slug));
  const now = new Date();
  for (const page of PAGES.filter((p) => !seeded.has(p.hrv.slug))) {
    const [row] = await tx
      .insert(pages)
      .values({ siteId: SITE_ID, postType: "page", status: "published", publishedAt: now })
      .returning({ id: pages.id });
    const translations = (["hrv", "eng", "ger"] as const).flatMap((code) => {
      const t = page[code];
      return t
        ? [
            {
              pageId: row.id,
              languageCode: code,
              title: t.title,
              slug: t.slug,
              metaDescription: t.metaDescription,
              bodyHtml: sanitizeCmsHtml(t.bodyHtml.trim()),
            },
          ]
        : [];
    });
    await tx.insert(pageTranslations).values(translations);
  }
}
