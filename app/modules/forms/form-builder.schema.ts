import { z } from "zod/v4";
import { FORM_FIELD_TYPES, type FormConfirmation, type FormFieldDefinition, type LocalizedText } from "~/.server/db/schema/forms";
import { isLocalPath } from "~/lib/local-path";
import { isFetchableGoal } from "~/modules/account/email-goal";
import { integer, slug, text } from "~/lib/schema-fields";
import { LOCALES } from "~/lib/locales";
import { formDefinitionSchema } from "./form.schema";

/**
 * The form builder's post (decision 0055, /admin/forms/:id): slug, a title per language
 * and the fields as rows. Every row is a plain set of inputs, so the builder works without
 * JavaScript: the last row is empty and adds a field when filled, "remove" drops a row and
 * "position" orders them (ties keep their order). A select's options are lines of
 * "value | label hr | label en | label de". The result must pass `formDefinitionSchema`,
 * the rule the public form is built from (names, reserved names, duplicates).
 * "After confirmation" (decision 0063): none, or the goal the sender sees once they have
 * confirmed their e-mail address: a message per language, a local path, or a file.
 */
export const FORM_BUILDER_MAX_FIELDS = 30;
const label = text({ max: 200 });

const row = z.object({
  name: text({ max: 40 }),
  type: z.enum(FORM_FIELD_TYPES).default("text"),
  label: z.object({ hr: label, en: label, de: label }).prefault({}),
  required: z.boolean().optional().default(false),
  maxLength: integer({ min: 1, max: 10_000 }).optional(),
  options: text({ max: 5000, multiline: true }),
  position: integer({ min: 0, max: 1000 }).optional(),
  remove: z.boolean().optional().default(false),
});
type Row = z.output<typeof row>;

const NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;

function parseOptions(raw: string): FormFieldDefinition["options"] {
  return raw
    .split(/\r?\n/)
    .map((line) => line.split("|").map((part) => part.trim()))
    .filter(([value]) => value)
    .map(([value, hr, en, de]) => ({ value, label: localized({ hr, en, de }) }));
}

function localized(texts: Partial<Record<(typeof LOCALES)[number], string | undefined>>): LocalizedText {
  return Object.fromEntries(LOCALES.filter((l) => texts[l]).map((l) => [l, texts[l]!])) as LocalizedText;
}

/** The rows as the stored definition: blank and removed rows out, ordered by position. */
export function definitionOf(rows: Row[]): FormFieldDefinition[] {
  return rows
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => !r.remove && (r.name || r.label.hr))
    .sort((a, b) => (a.r.position ?? a.index) - (b.r.position ?? b.index) || a.index - b.index)
    .map(({ r }) => ({
      name: r.name,
      type: r.type,
      label: localized(r.label),
      required: r.required,
      ...(r.maxLength ? { maxLength: r.maxLength } : {}),
      ...(r.type === "select" ? { options: parseOptions(r.options) } : {}),
    }));
}

export const CONFIRMATION_GOAL_TYPES = ["none", "message", "url", "file"] as const;
const goalMessage = text({ max: 2000, multiline: true });
const confirmation = z
  .object({
    goalType: z.enum(CONFIRMATION_GOAL_TYPES).default("none"),
    message: z.object({ hr: goalMessage, en: goalMessage, de: goalMessage }).prefault({}),
    goal: text({ max: 2000 }),
  })
  .prefault({});
type ConfirmationInput = z.output<typeof confirmation>;

/** The stored setting of the builder's inputs; null for "none". */
export function confirmationOf(input: ConfirmationInput): FormConfirmation | null {
  if (input.goalType === "none") return null;
  if (input.goalType === "message") return { goalType: "message", message: localized(input.message) };
  return { goalType: input.goalType, goal: input.goal };
}

function refineConfirmation(input: ConfirmationInput, fields: FormFieldDefinition[], ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path: ["confirmation", ...path], message });
  if (input.goalType === "none") return;
  // The address to confirm is the sender's: the form's first e-mail field (senderOf).
  if (!fields.some((f) => f.type === "email")) issue(["goalType"], "adminCommunity.forms.validation.confirmationEmail");
  if (input.goalType === "message") {
    if (!input.message.hr) issue(["message", "hr"], "core.validation.required");
    return;
  }
  if (!input.goal) issue(["goal"], "core.validation.required");
  else if (input.goalType === "url" && !isLocalPath(input.goal)) issue(["goal"], "adminCommunity.forms.validation.goalUrl");
  else if (input.goalType === "file" && !isFetchableGoal(input.goal)) issue(["goal"], "adminCommunity.forms.validation.goalFile");
}

const formFields = z.object({
  intent: z.literal("save"),
  version: integer({ min: 0 }).optional(),
  slug: slug(),
  title: z.object({ hr: text({ max: 200, required: true }), en: label, de: label }),
  fields: z
    .array(row)
    .max(FORM_BUILDER_MAX_FIELDS + 1)
    .default([]),
  confirmation,
});

function refineForm(value: z.output<typeof formFields> | { intent: "delete" }, ctx: z.RefinementCtx) {
  if (value.intent !== "save") return;
  value.fields.forEach((r, i) => {
    if (r.remove || (!r.name && !r.label.hr)) return;
    if (!NAME.test(r.name)) ctx.addIssue({ code: "custom", path: ["fields", i, "name"], message: "adminCommunity.forms.validation.name" });
    if (!r.label.hr) ctx.addIssue({ code: "custom", path: ["fields", i, "label", "hr"], message: "core.validation.required" });
    if (r.type === "select" && !r.options.trim())
      ctx.addIssue({ code: "custom", path: ["fields", i, "options"], message: "adminCommunity.forms.validation.options" });
    if (r.type === "file" && r.maxLength && r.maxLength > 10)
      ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: "adminCommunity.forms.validation.maxFiles" });
  });
  const definition = definitionOf(value.fields);
  refineConfirmation(value.confirmation, definition, ctx);
  if (definition.length === 0) ctx.addIssue({ code: "custom", path: ["fields"], message: "adminCommunity.forms.validation.noFields" });
  if (definition.length > FORM_BUILDER_MAX_FIELDS)
    ctx.addIssue({ code: "custom", path: ["fields"], message: "adminCommunity.forms.validation.tooMany" });
  const checked = formDefinitionSchema.safeParse(definition);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const known = issue.message.startsWith("forms.validation.") ? issue.message : "adminCommunity.forms.validation.definition";
    ctx.addIssue({ code: "custom", path: ["fields"], message: known });
  }
}

export const formBuilderSchema = formFields.superRefine(refineForm);
export type FormBuilderInput = z.output<typeof formFields>;

export const formPageSchema = z
  .discriminatedUnion("intent", [formFields, z.object({ intent: z.literal("delete"), version: integer({ min: 0 }) })])
  .superRefine(refineForm);
