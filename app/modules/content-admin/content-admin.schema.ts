import { z } from "zod/v4";
import { LOCALES } from "~/lib/locales";
import { REQUIRED, id, integer, slug, text } from "~/lib/schema-fields";
import { PAGE_TEMPLATES } from "~/modules/cms/page-templates";
import { isLocalDateTime } from "./shop-time";

/**
 * The forms of the backoffice pages and posts (docs/decisions/0054): a new
 * page from a template; on its detail screen, per language, its text (title, slug, meta
 * description, body), a restore of a kept version and "create from the Croatian original";
 * its settings (status, publish date, and for posts picture, author, terms); delete. The
 * list's bulk publish / unpublish / delete. Every edit posts the version it showed.
 */
const version = integer({ min: 0 });
const language = z.enum(LOCALES, { error: REQUIRED });
const confirm = z.literal("on", { error: "adminContent.confirmRequired" });

export const localDateTime = text({ max: 16 })
  .refine((value) => value === "" || isLocalDateTime(value), "adminContent.validation.dateTime")
  // What the API's document says of it (the refine above is not expressible in JSON Schema).
  .meta({ pattern: "^$|^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$", examples: ["2026-12-01T10:00"] });

export const newPageSchema = z.object({
  title: text({ max: 200, required: true }),
  slug: slug(),
  template: z.enum(PAGE_TEMPLATES, { error: REQUIRED }).default("blank"),
});
export type NewPageInput = z.output<typeof newPageSchema>;

export const pageTextSchema = z.object({
  intent: z.literal("text"),
  language,
  // Absent when the language has no text yet: the save creates it.
  version: version.optional(),
  title: text({ max: 200, required: true }),
  slug: slug(),
  metaDescription: text({ max: 500, multiline: true }),
  bodyHtml: text({ max: 20_000, multiline: true }),
});
export type PageTextInput = z.output<typeof pageTextSchema>;

export const pageSettingsSchema = z.object({
  intent: z.literal("settings"),
  version,
  status: z.enum(["published", "draft"], { error: REQUIRED }),
  // Empty = now when published; a later time schedules the page.
  publishedAt: localDateTime,
  imageId: id().optional(),
  authorId: id().optional(),
  termIds: z.array(id()).max(200).default([]),
});
export type PageSettingsInput = z.output<typeof pageSettingsSchema>;

export const pagePostSchema = z.discriminatedUnion("intent", [
  pageTextSchema,
  pageSettingsSchema,
  z.object({ intent: z.literal("restore"), language, versionId: id(), version }),
  z.object({ intent: z.literal("translate"), language }),
  z.object({ intent: z.literal("delete"), version, confirm }),
]);

export const PAGE_BULK_INTENTS = ["publish", "unpublish", "delete"] as const;
export const pageBulkSchema = z
  .object({
    intent: z.enum(PAGE_BULK_INTENTS),
    ids: z.array(id()).max(100).default([]),
    confirm: z.literal("on").optional(),
  })
  .refine((value) => value.intent !== "delete" || value.confirm === "on", { path: ["confirm"], message: "adminContent.confirmRequired" });

const termText = z.object({
  name: text({ max: 200 }),
  slug: slug()
    .optional()
    .transform((value) => value ?? ""),
});

const termFields = z.object({
  intent: z.literal("save"),
  version: version.optional(),
  type: z.enum(["category", "tag"], { error: REQUIRED }),
  position: integer({ min: 0, max: 9999 }).default(0),
  translations: z.object({ hr: termText, en: termText.optional(), de: termText.optional() }),
});
export type TermInput = z.output<typeof termFields>;

function refineTerm(form: TermInput | { intent: "delete" }, ctx: z.RefinementCtx) {
  if (form.intent !== "save") return;
  // Croatian is required; another language is all or nothing (empty falls back to Croatian).
  for (const locale of LOCALES) {
    const own = form.translations[locale];
    if (locale !== "hr" && !own?.name && !own?.slug) continue;
    if (!own?.name) ctx.addIssue({ code: "custom", path: ["translations", locale, "name"], message: REQUIRED });
    if (!own?.slug) ctx.addIssue({ code: "custom", path: ["translations", locale, "slug"], message: REQUIRED });
  }
}
export const termSchema = termFields.superRefine(refineTerm);
export const termPostSchema = z
  .discriminatedUnion("intent", [termFields, z.object({ intent: z.literal("delete"), version, confirm })])
  .superRefine(refineTerm);

const eventText = z.object({ title: text({ max: 200 }), descriptionHtml: text({ max: 20_000, multiline: true }) });

const eventFields = z.object({
  intent: z.literal("save"),
  version: version.optional(),
  startsAt: localDateTime.refine((value) => value !== "", REQUIRED),
  endsAt: localDateTime.refine((value) => value !== "", REQUIRED),
  place: text({ max: 200 }),
  published: z.boolean().optional().default(false),
  translations: z.object({ hr: eventText, en: eventText.optional(), de: eventText.optional() }),
});
export type EventInput = z.output<typeof eventFields>;

/** Croatian title required, another language's description needs its title, the end not before the start. */
function refineEvent(form: { intent: string }, ctx: z.RefinementCtx) {
  if (form.intent !== "save") return;
  const event = form as EventInput;
  if (!event.translations.hr.title) ctx.addIssue({ code: "custom", path: ["translations", "hr", "title"], message: REQUIRED });
  for (const locale of ["en", "de"] as const) {
    const own = event.translations[locale];
    if (own?.descriptionHtml && !own.title) ctx.addIssue({ code: "custom", path: ["translations", locale, "title"], message: REQUIRED });
  }
  // The same strings compare as the times they are (YYYY-MM-DDTHH:mm).
  if (event.startsAt && event.endsAt && event.endsAt < event.startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "adminContent.events.errors.endBeforeStart" });
}
export const eventSchema = eventFields.superRefine(refineEvent);

export const attendeeSchema = z.object({
  intent: z.literal("addAttendee"),
  name: text({ max: 200, required: true }),
  email: text({ max: 200, email: true }),
  seats: integer({ min: 1, max: 1000 }).default(1),
  note: text({ max: 1000, multiline: true }),
});
export type AttendeeInput = z.output<typeof attendeeSchema>;

export const eventPostSchema = z
  .discriminatedUnion("intent", [
    eventFields,
    attendeeSchema,
    z.object({ intent: z.literal("removeAttendee"), attendeeId: id() }),
    z.object({ intent: z.literal("delete"), version, confirm }),
  ])
  .superRefine(refineEvent);
