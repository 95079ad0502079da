import { z } from "zod";
import { FORM_FIELD_TYPES, type FormFieldDefinition } from "~/.server/db/schema/forms";
import { messageKey } from "~/lib/validation-message";
import type { FormErrors } from "./form-fields";

/**
 * The rules of a form's fields, built from its definition (the contact form's in code,
 * the others from the database): required, max length, an e-mail or a phone number by
 * type, a select's value one of its options. Messages are locale keys (core.validation.*).
 */
const REQUIRED = "core.validation.required";
// Digits with the usual separators and an optional leading +: "+385 1 6222 333", "(01) 622-2333".
const PHONE = /^\+?[\d\s()/.-]{6,}$/;
export const DEFAULT_MAX_LENGTH = { text: 200, email: 254, tel: 30, textarea: 5000, select: 200, checkbox: 10 } as const;

export const maxLengthOf = (field: Pick<FormFieldDefinition, "type" | "maxLength">) => field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];

function fieldRule(field: FormFieldDefinition): z.ZodTypeAny {
  if (field.type === "checkbox") {
    const ticked = z.preprocess((value) => value === "on" || value === "true", z.boolean());
    return field.required ? ticked.refine((value) => value, REQUIRED) : ticked;
  }
  const max = maxLengthOf(field);
  let rule: z.ZodTypeAny = z
    .string({ invalid_type_error: REQUIRED })
    .default("")
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, messageKey("core.validation.maxLength", { length: max }))
    .refine((value) => !field.required || value.length > 0, REQUIRED);
  if (field.type === "email") {
    rule = rule
      .refine((value: string) => value === "" || z.string().email().safeParse(value).success, "core.validation.email")
      .transform((value: string) => value.toLowerCase());
  }
  if (field.type === "tel") rule = rule.refine((value: string) => value === "" || PHONE.test(value), "forms.validation.contactNumber");
  if (field.type === "select") {
    const allowed = new Set((field.options ?? []).map((o) => o.value));
    rule = rule.refine((value: string) => value === "" || allowed.has(value), "forms.validation.option");
  }
  return rule;
}

export type FormParse = { ok: true; data: Record<string, string | boolean>; email: string } | { ok: false; errors: FormErrors };

/** The posted fields to the form's data, or the first message of every field that is wrong. */
export function parseFormData(fields: readonly FormFieldDefinition[], form: FormData): FormParse {
  const schema = z.object(Object.fromEntries(fields.map((f) => [f.name, fieldRule(f)])));
  const parsed = schema.safeParse(Object.fromEntries(fields.map((f) => [f.name, form.get(f.name) ?? undefined])));
  if (!parsed.success) {
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, errors };
  }
  const data = parsed.data as Record<string, string | boolean>;
  // The sender is the first e-mail field: the shop's mail replies to it.
  const emailField = fields.find((f) => f.type === "email");
  return { ok: true, data, email: emailField ? String(data[emailField.name] ?? "") : "" };
}

const RESERVED_NAMES = new Set(["redirectTo", "via", "csrf", "website", "acceptedConsents"]);

/** An editor's form definition as stored in forms.fields; a bad definition is refused when saved. */
const localizedText = z.object({ hr: z.string().max(200).optional(), en: z.string().max(200).optional(), de: z.string().max(200).optional() });
export const formDefinitionSchema = z
  .array(
    z.object({
      // Not a name the form itself posts (return path, fetcher mark, CSRF, honeypot, consents).
      name: z
        .string()
        .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/)
        .refine((name) => !RESERVED_NAMES.has(name), "forms.validation.reservedName"),
      type: z.enum(FORM_FIELD_TYPES),
      label: localizedText,
      required: z.boolean().default(false),
      maxLength: z.number().int().min(1).max(10000).optional(),
      options: z.array(z.object({ value: z.string().min(1).max(200), label: localizedText })).max(50).optional(),
    }),
  )
  .max(30)
  .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, "forms.validation.duplicateField");
