import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { options, pages, pageTranslations } from "~/.server/db/schema";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { sectionPrint } from "~/modules/cms/section-print";
import { listMasterComponents } from "~/modules/editing/page-drafts.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * /section-tool (spec §2 dev-mode menu, decision 0062): every page and
 * post in each language with its sections in order — type, hidden flag, whether it is a
 * copy of a saved master component — and per master component the pages that use it.
 *
 * A page added a master component ("choose master component") by reference; sections saved
 * before that are copies. A section "uses" a master when it references it, or
 * while it is an unchanged copy of it (the same stored fields); an edited copy is its own
 * section. An entry the page renderer would skip (unknown type, bad fields) is listed as
 * invalid, so the tool shows what the renderer leaves out.
 */
export type SectionRow = { index: number; type: string; hidden: boolean; valid: boolean; masterId: number | null };
export type PageSections = {
  pageId: number;
  postType: string;
  status: string;
  locale: Locale | null;
  languageCode: string;
  title: string;
  slug: string;
  /** The page in edit mode (spec §4 ?editPage=true), or null for a language the shop does not serve. */
  editUrl: string | null;
  sections: SectionRow[];
};
export type MasterUse = {
  id: number;
  name: string;
  type: string;
  usedIn: { pageId: number; languageCode: string; title: string; index: number; editUrl: string | null }[];
};

/** A section that references a master (`{ type: "master", masterId }`) uses it by definition. */
function referencedMaster(entry: unknown): number | null {
  const { type, masterId } = (entry ?? {}) as { type?: unknown; masterId?: unknown };
  return type === "master" && typeof masterId === "number" ? masterId : null;
}

/** A section's fields as they are stored for comparison (cms/section-print.ts). */
const fingerprint = sectionPrint;

const LOCALE_OF_CODE = Object.fromEntries(LOCALES.map((locale) => [LOCALE_LANGUAGE_CODE[locale], locale])) as Record<string, Locale>;

export async function sectionInventory(filter: { type?: string } = {}) {
  const db = await getDb();
  const [rows, masters, [home]] = await Promise.all([
    db
      .select({
        pageId: pages.id,
        postType: pages.postType,
        status: pages.status,
        languageCode: pageTranslations.languageCode,
        title: pageTranslations.title,
        slug: pageTranslations.slug,
        components: pageTranslations.components,
      })
      .from(pageTranslations)
      .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
      .where(eq(pages.siteId, SITE_ID))
      .orderBy(asc(pages.postType), asc(pages.id), asc(pageTranslations.languageCode)),
    listMasterComponents(),
    db
      .select({ value: options.value })
      .from(options)
      .where(and(eq(options.siteId, SITE_ID), eq(options.key, "HomePageSlug"))),
  ]);
  const homeSlug = typeof home?.value === "string" ? home.value : "naslovna";
  const masterPrints = masters.map((master) => ({ id: master.id, print: fingerprint(master.component) }));

  const list: PageSections[] = rows.map((row) => {
    const locale = LOCALE_OF_CODE[row.languageCode] ?? null;
    const raw = Array.isArray(row.components) ? row.components : [];
    const sections = raw.map((entry, index): SectionRow => {
      const type =
        typeof (entry as { type?: unknown } | null)?.type === "string" ? String((entry as { type: string }).type).slice(0, 60) : "?";
      const print = fingerprint(entry);
      return {
        index,
        type,
        hidden: (entry as { hidden?: unknown } | null)?.hidden === true,
        valid: print !== null,
        masterId: referencedMaster(entry) ?? (print === null ? null : (masterPrints.find((m) => m.print === print)?.id ?? null)),
      };
    });
    const path = locale
      ? row.slug === homeSlug
        ? locale === "hr"
          ? "/"
          : `/${locale}`
        : href("page", locale, { slug: row.slug })
      : null;
    return {
      pageId: row.pageId,
      postType: row.postType,
      status: row.status,
      locale,
      languageCode: row.languageCode,
      title: row.title,
      slug: row.slug,
      editUrl: path ? `${path}?editPage=true` : null,
      sections,
    };
  });

  const masterUses: MasterUse[] = masters.map((master) => ({
    id: master.id,
    name: master.name,
    type: String((master.component as { type?: unknown }).type ?? "?"),
    usedIn: list.flatMap((page) =>
      page.sections
        .filter((section) => section.masterId === master.id)
        .map((section) => ({
          pageId: page.pageId,
          languageCode: page.languageCode,
          title: page.title,
          index: section.index,
          editUrl: page.editUrl,
        })),
    ),
  }));

  const types = [...new Set(list.flatMap((page) => page.sections.map((section) => section.type)))].sort();
  const shown = filter.type
    ? list
        .map((page) => ({ ...page, sections: page.sections.filter((section) => section.type === filter.type) }))
        .filter((page) => page.sections.length > 0)
    : list;
  return { pages: shown, masters: masterUses, types, totalPages: list.length };
}
