import { z } from "zod/v4";
import { id, integer, text } from "~/lib/schema-fields";

/** The forms of attribute sets and tags (docs/decisions/0048). */
const version = integer({ min: 0 });
const confirm = z.literal("on", { error: "adminCatalog.confirmRequired" });
const name = text({ max: 100, required: true });

export const attributeSetFormSchema = z.object({
  intent: z.literal("save"),
  version,
  name,
  attributes: z
    .array(z.object({ attributeId: id(), enabled: z.literal("on").optional(), position: integer({ min: 0, max: 9999 }).default(0) }))
    .max(500)
    .default([]),
});
export type AttributeSetInput = z.output<typeof attributeSetFormSchema>;
export const attributeSetPostSchema = z.discriminatedUnion("intent", [
  attributeSetFormSchema,
  z.object({ intent: z.literal("delete"), version, confirm }),
]);

export const tagPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name }),
  z.object({ intent: z.literal("rename"), id: id(), name, was: text({ max: 100, required: true }) }),
  z.object({ intent: z.literal("delete"), id: id(), confirm }),
]);
