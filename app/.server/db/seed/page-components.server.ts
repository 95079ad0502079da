import { and, eq, inArray, sql } from "drizzle-orm";
import { componentsForSave } from "~/modules/cms/page-components.schema";
import { formDefinitionSchema } from "~/modules/forms/form.schema";
import type { Executor } from "../client.server";
import { forms, pageTranslations } from "../schema";
import { SITE_ID } from "./data/options";
import { INSTALLATION_FORM, PAGE_COMPONENTS } from "./data/page-components";

/**
 * Components of the built-in pages and the demo database form. A translation whose
 * components an editor has already set is left alone; the form is inserted once.
 */
export async function seedPageComponents(tx: Executor) {
  await tx
    .insert(forms)
    .values({
      siteId: SITE_ID,
      slug: INSTALLATION_FORM.slug,
      title: INSTALLATION_FORM.title,
      fields: formDefinitionSchema.parse(INSTALLATION_FORM.fields),
    })
    .onConflictDoNothing({ target: [forms.siteId, forms.slug] });
  const sources = await tx
    .select({ pageId: pageTranslations.pageId, slug: pageTranslations.slug })
    .from(pageTranslations)
    .where(and(eq(pageTranslations.languageCode, "hrv"), inArray(pageTranslations.slug, Object.keys(PAGE_COMPONENTS))));
  for (const { pageId, slug } of sources) {
    for (const [languageCode, raw] of Object.entries(PAGE_COMPONENTS[slug])) {
      await tx
        .update(pageTranslations)
        .set({ components: componentsForSave(raw) })
        .where(
          and(
            eq(pageTranslations.pageId, pageId),
            eq(pageTranslations.languageCode, languageCode),
            sql`${pageTranslations.components} = '[]'::jsonb`,
          ),
        );
    }
  }
}
