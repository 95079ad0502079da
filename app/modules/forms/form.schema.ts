import { z } from "zod/v4";
import { FORM_FIELD_TYPES, type FormFieldDefinition } from "~/.server/db/schema/forms";
import { optionalText, text } from "~/lib/schema-fields";
import { messageKey } from "~/lib/validation-message";
import { acceptedConsentsSchema } from "~/modules/consent/consent.schema";
import { PUBLIC_UPLOAD_MAX_FILES } from "~/lib/upload-limits";

/**
 * The rules of a form's fields, built from its definition (the contact form's in code,
 * the others from the database): required, max length, an e-mail or a phone number by
 * type, a select's value one of its options. Messages are locale keys (core.validation.*).
 * The form route parses the post with `formDataSchema` and its loader sends the same
 * schema's HTML constraints (`formConstraint`), so the page's inputs carry the rules.
 */
const REQUIRED = "core.validation.required";
// Digits with the usual separators and an optional leading +: "+385 1 6222 333", "(01) 622-2333".
const PHONE = /^\+?[\d\s()/.-]{6,}$/;
// A file field's "length" is its number of files: spec §5, at most 10 in a public upload.
export const DEFAULT_MAX_LENGTH = {
  text: 200,
  email: 254,
  tel: 30,
  textarea: 5000,
  select: 200,
  checkbox: 10,
  file: PUBLIC_UPLOAD_MAX_FILES,
} as const;

export const maxLengthOf = (field: Pick<FormFieldDefinition, "type" | "maxLength">) => field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];

/**
 * A file field: the files chosen (conform gives one File, a list, or nothing for an empty
 * input), at most PUBLIC_UPLOAD_MAX_FILES (or the field's own lower maximum). Their type
 * and size are checked when stored (storeUploads); more than allowed stores nothing.
 */
function fileRule(field: FormFieldDefinition): z.ZodTypeAny {
  const max = Math.min(field.maxLength ?? PUBLIC_UPLOAD_MAX_FILES, PUBLIC_UPLOAD_MAX_FILES);
  const list = z
    .array(z.instanceof(File))
    .max(max, messageKey("forms.upload.tooMany", { max }))
    .refine((files) => !field.required || files.length > 0, REQUIRED);
  // A file input left empty posts a nameless empty file: no file at all.
  const chosen = (value: unknown) => !(value instanceof File && value.name === "" && value.size === 0);
  const files = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(chosen), list);
  // The HTML constraint reads "required" from the schema's shape: an optional field must say
  // so, or the browser (and a screen reader) asks for a file the shop does not need.
  return field.required ? files : files.optional().transform((value) => value ?? []);
}

function fieldRule(field: FormFieldDefinition): z.ZodTypeAny {
  if (field.type === "file") return fileRule(field);
  if (field.type === "checkbox") {
    // conform reads a ticked box ("on") as true and an unticked one as not given.
    return field.required
      ? z.boolean({ error: REQUIRED }).refine((value) => value, REQUIRED)
      : z
          .boolean({ error: (issue) => (issue.input === undefined ? undefined : REQUIRED) })
          .optional()
          .transform((value) => value === true);
  }
  const max = maxLengthOf(field);
  // The shared bounded text (app/lib/schema-fields.ts): its length and no NUL or other invalid characters.
  const limited = text({ max, required: field.required, multiline: field.type === "textarea" });
  if (field.type === "email") {
    return limited
      .refine((value) => value === "" || z.string().email().safeParse(value).success, "core.validation.email")
      .transform((value) => value.toLowerCase());
  }
  if (field.type === "tel") return limited.refine((value) => value === "" || PHONE.test(value), "forms.validation.contactNumber");
  if (field.type === "select") {
    const allowed = new Set((field.options ?? []).map((o) => o.value));
    return limited.refine((value) => value === "" || allowed.has(value), "forms.validation.option");
  }
  // An empty optional field is stored as "" (conform posts it as not given).
  return limited;
}

/** The post of a form: its fields, the ticked consents, the page to go back to and the fetcher's mark. */
export function formDataSchema(fields: readonly FormFieldDefinition[]) {
  return z.object({
    ...Object.fromEntries(fields.map((f) => [f.name, fieldRule(f)])),
    acceptedConsents: acceptedConsentsSchema,
    redirectTo: optionalText({ max: 2000 }),
    via: optionalText({ max: 20 }),
  });
}

/** The sender of a form's data: its first e-mail field (the shop's mail replies to it), or "". */
export function senderOf(fields: readonly FormFieldDefinition[], data: Record<string, unknown>): string {
  const emailField = fields.find((f) => f.type === "email");
  return emailField ? String(data[emailField.name] ?? "") : "";
}

const RESERVED_NAMES = new Set(["redirectTo", "via", "csrf", "website", "acceptedConsents"]);

/** An editor's form definition as stored in forms.fields; a bad definition is refused when saved. */
const localizedText = z.object({
  hr: z.string().max(200).optional(),
  en: z.string().max(200).optional(),
  de: z.string().max(200).optional(),
});
export const formDefinitionSchema = z
  .array(
    z.object({
      // Not a name the form itself posts (return path, fetcher mark, CSRF, honeypot, consents).
      name: z
        .string()
        .max(40)
        .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/)
        .refine((name) => !RESERVED_NAMES.has(name), "forms.validation.reservedName"),
      type: z.enum(FORM_FIELD_TYPES),
      label: localizedText,
      required: z.boolean().default(false),
      maxLength: z.number().int().min(1).max(10000).optional(),
      options: z
        .array(z.object({ value: z.string().min(1).max(200), label: localizedText }))
        .max(50)
        .optional(),
    }),
  )
  .max(30)
  .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, "forms.validation.duplicateField");
