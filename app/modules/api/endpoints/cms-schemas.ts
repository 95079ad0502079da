import { z } from "zod/v4";
import { COMPONENT_SCHEMAS, type StoredComponentType } from "~/modules/cms/page-components.schema";
import type { PageView } from "~/modules/cms/pages.server";
import type { NavLink } from "~/modules/site/site.server";
import { namedSchemas, shapeOf } from "../api-endpoint";
import { alternatesSchema, localeSchema, mediaRefSchema } from "./catalog-schemas";

/** The answers of the CMS reads (cms.server.ts): blog terms, post cards, pages with their sections, navigation, elements. */
export const termSchema = z.object({ id: z.number().int(), type: z.enum(["category", "tag"]), name: z.string(), href: z.string() });

/** A link with its sub-links at any depth; named once in the document (components/schemas/NavLink). */
export const navLinkSchema: z.ZodType<NavLink> = z
  .strictObject({
    id: z.number().int(),
    label: z.string(),
    href: z.string().describe("A shop path in the call's language, or an outside URL when external"),
    external: z.boolean(),
    get children() {
      return z.array(navLinkSchema);
    },
  })
  .register(namedSchemas, { id: "NavLink" });
export const elementSchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    options: z.record(z.string(), z.unknown()).describe("The block's settings and content as the editor stored them (a JSON object)"),
  })
  .nullable();

export const postCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  href: z.string(),
  excerpt: z.string(),
  publishedAt: z.string(),
  image: mediaRefSchema.nullable(),
  lang: z.enum(["hr", "en", "de"]).nullable(),
});
/**
 * A stored component as a page hands it out, `hidden` included: the document describes a
 * page's components by it. Here and not in the .schema.ts file: it describes an answer, not
 * an input (stored sections are kept leniently; what an editor posts is bounded there).
 */
const storedComponentSchema = z.discriminatedUnion(
  "type",
  (Object.values(COMPONENT_SCHEMAS) as z.ZodObject[]).map((schema) => schema.extend({ hidden: z.boolean().optional() })) as unknown as [
    (typeof COMPONENT_SCHEMAS)["hero"],
    ...(typeof COMPONENT_SCHEMAS)[StoredComponentType][],
  ],
);

export const pageSchema = shapeOf<PageView>()(
  z.strictObject({
    id: z.number().int(),
    postType: z.string().describe("page"),
    title: z.string(),
    bodyHtml: z.string().describe("Sanitised HTML (pages built of components may leave it empty)"),
    metaDescription: z.string(),
    components: z.array(storedComponentSchema).describe("The page's sections in order (decision 0014); hidden ones are the editor's"),
    contentLocale: localeSchema.nullable().describe("The language the text is written in (differs from the call's when untranslated)"),
    isHome: z.boolean(),
    alternates: alternatesSchema,
    translated: z.array(localeSchema).describe("The languages it has its own text in"),
    updatedAt: z.date().describe("ISO 8601"),
  }),
);
