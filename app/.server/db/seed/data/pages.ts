import { HR_COMPANY_PAGES } from "./pages-hr";
import { HR_LEGAL_PAGES } from "./pages-hr-legal";
import { PAGE_TRANSLATIONS } from "./pages-translations";

export type SeedTranslation = { slug: string; title: string; metaDescription: string; bodyHtml: string };
/** One page in its content languages (three-letter codes); Croatian is always there. */
export type SeedPage = { hrv: SeedTranslation; eng?: SeedTranslation; ger?: SeedTranslation };

/** Built-in pages: every page the seeded navigations link to (data/navigations.ts). */
export const PAGES: SeedPage[] = [...HR_COMPANY_PAGES, ...HR_LEGAL_PAGES].map((hrv) => ({
  hrv,
  ...PAGE_TRANSLATIONS[hrv.slug],
}));
