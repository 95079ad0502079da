import { z } from "zod/v4";
import { FILTER_TYPES } from "./filter-types";
import { LOCALES, type Locale } from "~/lib/locales";
import { REQUIRED, id, integer, slug, text } from "~/lib/schema-fields";

/**
 * The forms of the backoffice category screens (docs/decisions/0048):
 * the edit form (texts per language, parent, image, sort options), the category's filters,
 * up/down in the tree and delete. Every form posts the `version` it showed.
 */
const version = integer({ min: 0 });
const sortId = integer({ min: 1, max: 8 });

const translation = z.object({
  name: text({ max: 200 }),
  title: text({ max: 200 }),
  slug: slug()
    .optional()
    .transform((value) => value ?? ""),
  description: text({ max: 10_000, multiline: true }),
  metaTitle: text({ max: 200 }),
  metaDescription: text({ max: 500, multiline: true }),
});
export type CategoryTranslationInput = z.output<typeof translation>;

export const categoryFormSchema = z.object({
  intent: z.literal("save"),
  version,
  parentId: id().optional(),
  mediaId: id().optional(),
  sortTypes: z.array(sortId).max(8).default([]),
  sortDefaultType: sortId,
  translations: z.object({ hr: translation, en: translation.optional(), de: translation.optional() }),
});
export type CategoryFormInput = z.output<typeof categoryFormSchema>;

/** The edit form's rules across fields: hr texts required, others all or nothing, default sort among the ticked. */
function checkCategoryForm(form: CategoryFormInput, ctx: z.RefinementCtx) {
  // Croatian is required; another language is either left empty (the shop falls back to
  // Croatian) or has at least its name and slug.
  for (const locale of LOCALES) {
    const own = form.translations[locale];
    const given = own && Object.values(own).some((value) => value !== "");
    if (locale !== "hr" && !given) continue;
    if (!own?.name) ctx.addIssue({ code: "custom", path: ["translations", locale, "name"], message: REQUIRED });
    if (!own?.slug) ctx.addIssue({ code: "custom", path: ["translations", locale, "slug"], message: REQUIRED });
  }
  if (form.sortTypes.length && !form.sortTypes.includes(form.sortDefaultType)) {
    ctx.addIssue({ code: "custom", path: ["sortDefaultType"], message: "adminCatalog.categories.errors.sortDefault" });
  }
}

/** The languages whose texts the form filled (hr always). */
export function givenTranslations(form: CategoryFormInput): [Locale, CategoryTranslationInput][] {
  return LOCALES.flatMap((locale) => {
    const own = form.translations[locale];
    return own && own.name && own.slug ? [[locale, own] as [Locale, CategoryTranslationInput]] : [];
  });
}

export const categoryFiltersSchema = z.object({
  intent: z.literal("filters"),
  version,
  filters: z
    .array(
      z.object({
        attributeId: id(),
        enabled: z.literal("on").optional(),
        type: z.enum(FILTER_TYPES),
        position: integer({ min: 0, max: 999 }).default(0),
      }),
    )
    .max(200)
    .default([]),
});
export type CategoryFiltersInput = z.output<typeof categoryFiltersSchema>;

/** The tree's up/down buttons and the detail page's delete (with its confirmation tick). */
export const categoryMoveSchema = z.object({ intent: z.enum(["up", "down"]), id: id(), version });
export const categoryDeleteSchema = z.object({
  intent: z.literal("delete"),
  version,
  confirm: z.literal("on", { error: "adminCatalog.confirmRequired" }),
});

/** Every post of the category page, told apart by `intent`. */
export const categoryPostSchema = z
  .discriminatedUnion("intent", [categoryFormSchema, categoryFiltersSchema, categoryDeleteSchema])
  .superRefine((form, ctx) => {
    if (form.intent === "save") checkCategoryForm(form, ctx);
  });
