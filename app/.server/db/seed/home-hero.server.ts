import { and, eq } from "drizzle-orm";
import { componentsForSave } from "~/modules/cms/page-components.schema";
import type { Executor } from "../client.server";
import { pageTranslations } from "../schema";
import { COMPANY } from "./data/options";

/**
 * The home page's opening banner as content (decision 0051): a `hero` component first
 * on 'naslovna' in each language, with the texts the banner showed before (the site name
 * and the lead sentence), so the editor changes it in place like any section. A
 * translation that already starts with a hero is left alone.
 */
const LEADS: Record<string, string> = {
  hrv: "Aluminijski krovni sustavi, oluci i opšavi – projektiranje, proizvodnja i montaža.",
  eng: "Aluminium roof systems, gutters and flashings – design, manufacture and installation.",
  ger: "Aluminium-Dachsysteme, Dachrinnen und Verblechungen – Planung, Herstellung und Montage.",
};

export async function seedHomeHero(tx: Executor) {
  const [home] = await tx
    .select({ pageId: pageTranslations.pageId })
    .from(pageTranslations)
    .where(and(eq(pageTranslations.languageCode, "hrv"), eq(pageTranslations.slug, "naslovna")));
  if (!home) return;
  const rows = await tx
    .select({ id: pageTranslations.id, languageCode: pageTranslations.languageCode, components: pageTranslations.components })
    .from(pageTranslations)
    .where(eq(pageTranslations.pageId, home.pageId));
  for (const row of rows) {
    const lead = LEADS[row.languageCode];
    const current = Array.isArray(row.components) ? (row.components as { type?: string }[]) : [];
    if (!lead || current[0]?.type === "hero") continue;
    const hero = { type: "hero", title: COMPANY.name, text: lead, image: null, cta: null };
    await tx
      .update(pageTranslations)
      .set({ components: componentsForSave([hero, ...current]) })
      .where(eq(pageTranslations.id, row.id));
  }
}
