import { z } from "zod/v4";
import { integer, slug, text } from "~/lib/schema-fields";
import { PAGE_TEMPLATES } from "~/modules/cms/page-templates";
import { ADDABLE_COMPONENTS } from "./component-edits";

/**
 * The posts of the in-page editor (decision 0051), one schema per action route: every post
 * names the page, its language and the draft revision the editor's screen showed.
 * A component's fields travel as one JSON field and are checked by that component's own
 * schema in the service (page-components.schema.ts).
 */
export const CONTENT_LANGUAGES = ["hrv", "eng", "ger"] as const;
const index = integer({ min: 0, max: 49 });
const page = { pageId: integer({ min: 1 }), lng: z.enum(CONTENT_LANGUAGES), revision: integer({ min: 0 }) };

const json = z
  .string()
  .max(20_000)
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "core.validation.pattern" });
      return z.NEVER;
    }
  });
const componentJson = json.pipe(z.object({ type: z.string().max(40) }).passthrough());

export const pageEditSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("texts"),
    ...page,
    title: text({ max: 200, required: true }),
    metaDescription: text({ max: 300, multiline: true }),
    bodyHtml: text({ max: 20_000, multiline: true }),
  }),
  z.object({ intent: z.literal("add"), ...page, type: z.enum(ADDABLE_COMPONENTS), at: index }),
  z.object({ intent: z.literal("addMaster"), ...page, masterId: integer({ min: 1 }), at: index }),
  z.object({ intent: z.literal("move"), ...page, index, to: index }),
  z.object({ intent: z.literal("duplicate"), ...page, index }),
  z.object({ intent: z.literal("hide"), ...page, index, hidden: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("remove"), ...page, index }),
  z.object({ intent: z.literal("component"), ...page, index, component: componentJson }),
  z.object({ intent: z.literal("saveMaster"), ...page, index, name: text({ max: 120, required: true }) }),
  z.object({ intent: z.literal("discard"), ...page }),
  z.object({ intent: z.literal("publish"), ...page }),
  z.object({ intent: z.literal("restore"), ...page, versionId: integer({ min: 1 }), liveVersion: integer({ min: 1 }) }),
  z.object({ intent: z.literal("translate"), ...page }),
]);
export type PageEditPost = z.output<typeof pageEditSchema>;

/** spec §2 modal "new page": title, slug (spec §5 rules), template. */
export const newPageSchema = z.object({
  lng: z.enum(CONTENT_LANGUAGES),
  postType: z.enum(["page", "post"]).default("page"),
  title: text({ max: 200, required: true }),
  slug: slug(),
  template: z.enum(PAGE_TEMPLATES),
});

/** The link dialog's and pickers' search (spec §2 link options, post list, product list, product categories). */
export const PICK_KINDS = ["page", "post", "product", "category", "tag"] as const;
export const pickQuerySchema = z.object({
  kind: z.enum(PICK_KINDS),
  q: z.string().trim().max(100).default(""),
  lng: z.enum(CONTENT_LANGUAGES).default("hrv"),
});

/** A draft's preview link (decision 0124): the page and the language of the draft. */
export const previewLinkSchema = z.object({ pageId: integer({ min: 1 }), lng: z.enum(CONTENT_LANGUAGES) });
