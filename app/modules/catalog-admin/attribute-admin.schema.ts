import { z } from "zod/v4";
import { REQUIRED, id, integer, text } from "~/lib/schema-fields";
import { FILTER_TYPES } from "./filter-types";

/**
 * The forms of the attribute screens (docs/decisions/0048): the attribute
 * itself and its values (add, edit, up/down, delete). Every form posts the attribute's
 * `version`; a value change moves the attribute's version on too.
 */
const version = integer({ min: 0 });
const label = z.object({ hr: text({ max: 200 }), en: text({ max: 200 }), de: text({ max: 200 }) });

export const ATTRIBUTE_CODE = /^[a-z0-9_]+$/;
export const SWATCH = /^#[0-9a-fA-F]{6}$/;

export const attributeFormSchema = z.object({
  intent: z.literal("save"),
  version,
  code: text({ max: 60, required: true }).refine((value) => ATTRIBUTE_CODE.test(value), "adminCatalog.attributes.errors.codeFormat"),
  type: z.enum(FILTER_TYPES, { error: REQUIRED }),
  label,
  unit: text({ max: 20 }),
  isFilterable: z.literal("on").optional(),
  position: integer({ min: 0, max: 9999 }).default(0),
});
export type AttributeFormInput = z.output<typeof attributeFormSchema>;

const valueFields = {
  version,
  value: text({ max: 100, required: true }).refine((value) => /^[a-z0-9_.-]+$/.test(value), "adminCatalog.values.errors.valueFormat"),
  label,
  swatch: text({ max: 7 }).refine((value) => value === "" || SWATCH.test(value), "adminCatalog.values.errors.swatch"),
  mediaId: id().optional(),
};
export const valueFormSchema = z.object({ intent: z.literal("addValue"), ...valueFields });
export const valueEditSchema = z.object({ intent: z.literal("editValue"), valueId: id(), ...valueFields });
export type ValueInput = z.output<typeof valueFormSchema> | z.output<typeof valueEditSchema>;

export const attributePostSchema = z
  .discriminatedUnion("intent", [
    attributeFormSchema,
    valueFormSchema,
    valueEditSchema,
    z.object({ intent: z.enum(["valueUp", "valueDown", "deleteValue"]), version, valueId: id() }),
  ])
  .superRefine((form, ctx) => {
    if ("label" in form && !form.label.hr) ctx.addIssue({ code: "custom", path: ["label", "hr"], message: REQUIRED });
  });
