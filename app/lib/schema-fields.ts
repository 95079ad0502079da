import { z } from "zod/v4";
import { SLUG_PATTERN } from "./slug";
import { messageKey } from "./validation-message";

/**
 * The bounded building blocks of every form schema (DESIGN.md "Trust boundaries": every
 * input is bounded; a refused input is a translated 400 next to its field, never a 500).
 * A schema in app/modules/**\/*.schema.ts builds its fields from these, so a new field
 * gets a length limit, the character rule and its column's range by default;
 * tests/unit/schema-bounds.test.ts walks every exported schema and fails on an unbounded
 * string or number. `readSubmission` (app/.server/forms.server.ts) screens every posted
 * value with the same character rule and `FIELD_MAX_LENGTH`, fields a schema does not name
 * included.
 */
export const REQUIRED = "core.validation.required";
export const INVALID_CHARACTERS = "core.validation.invalidCharacters";
export const tooLong = (length: number) => messageKey("core.validation.maxLength", { length });
export const tooShort = (length: number) => messageKey("core.validation.minLength", { length });

/** PostgreSQL `integer` (int4): ids, quantities, sort orders. */
export const INT4_MAX = 2_147_483_647;
/** The longest value any posted field may carry (the longest form field allows 10 000). */
export const FIELD_MAX_LENGTH = 20_000;
/** The longest field name and the highest list index a post may use (conform builds arrays from `a[9]`). */
export const FIELD_NAME_MAX = 200;
export const FIELD_INDEX_MAX = 999;

// C0 controls, DEL, lone surrogates (with the u flag a paired surrogate is one code point
// and does not match) and the noncharacters U+FFFE/U+FFFF. Multi-line fields keep tab, LF, CR.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_SINGLE_LINE = /[\0-\x1F\x7F\uD800-\uDFFF\uFFFE\uFFFF]/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_MULTILINE = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F\uD800-\uDFFF\uFFFE\uFFFF]/u;

/** Whether a text holds a character no field accepts (NUL, other controls, a lone surrogate, U+FFFE/FFFF). */
export function hasInvalidCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? INVALID_MULTILINE : INVALID_SINGLE_LINE).test(value);
}

type TextOptions = {
  max: number;
  /** Required: empty (after trimming) is refused with `REQUIRED`; else it defaults to "". */
  required?: boolean;
  min?: number;
  /** Tab, CR and LF allowed (a textarea). */
  multiline?: boolean;
  /** An e-mail address (lower-cased). */
  email?: boolean;
  /** Trimmed (default); a password keeps its spaces. */
  trim?: boolean;
  /** The message of a too-long value (default core.validation.maxLength). */
  maxMessage?: string;
};

/**
 * The message of a value of the wrong type: `required` when nothing was posted (conform
 * reads an empty field as not given), `invalid` for anything else (a number field's "abc";
 * zod's own when left out). Zod 4 has one `error` for both where zod 3 had
 * `required_error` and `invalid_type_error`; one message for both is `{ error: message }`.
 */
export function typeError(required: string, invalid?: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid) };
}

function bounded({ max, required = false, min, email = false, trim = true, maxMessage }: TextOptions) {
  let rule = z.string({ error: REQUIRED });
  if (trim) rule = rule.trim();
  if (required) rule = rule.min(1, REQUIRED);
  if (min !== undefined) rule = rule.min(min, tooShort(min));
  rule = rule.max(max, maxMessage ?? tooLong(max));
  if (email) rule = rule.email("core.validation.email");
  return rule;
}

/**
 * A text field: trimmed, at most `max` characters, without invalid characters. Not given
 * is "" unless `required`. Chain `.refine` / `.transform` for the field's own rules.
 */
export function text(options: TextOptions & { required: true }): CheckedText;
export function text(options: TextOptions & { required?: false }): z.ZodDefault<CheckedText>;
export function text(options: TextOptions): CheckedText | z.ZodDefault<CheckedText>;
export function text(options: TextOptions): CheckedText | z.ZodDefault<CheckedText> {
  const rule = bounded(options).refine((value) => !hasInvalidCharacters(value, options), INVALID_CHARACTERS);
  const checked: CheckedText = options.email ? rule.transform((value) => value.toLowerCase()) : rule;
  return options.required ? checked : (checked.default("") as z.ZodDefault<CheckedText>);
}
// Named so that an optional text is a ZodDefault to its object (zod 4 makes such a key optional on input).
type CheckedText = z.ZodString | z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;

/** An optional text (a hidden field, a return path): undefined when not posted. */
export function optionalText(options: Omit<TextOptions, "required">) {
  return bounded(options)
    .refine((value) => !hasInvalidCharacters(value, options), INVALID_CHARACTERS)
    .optional();
}

type IntegerOptions = { min: number; max?: number; message?: string; required?: string };

/** A whole number within its column's range (int4 unless `max` is smaller). */
export function integer({ min, max = INT4_MAX, message, required = REQUIRED }: IntegerOptions) {
  const outOfRange = message ?? messageKey("core.validation.range", { min, max });
  return z
    .number(typeError(required, message ?? "core.validation.number"))
    .int(outOfRange)
    .min(min, outOfRange)
    .max(Math.min(max, INT4_MAX), outOfRange);
}

/** A row id: a positive int4. */
export const id = (message?: string) => integer({ min: 1, message, required: message });

/** A decimal within a numeric(precision, scale) column (prices, amounts). */
export function decimal({ min, precision, scale, message }: { min: number; precision: number; scale: number; message?: string }) {
  const max = 10 ** (precision - scale) - 10 ** -scale;
  const outOfRange = message ?? messageKey("core.validation.range", { min, max });
  return z
    .number(typeError(REQUIRED, message ?? "core.validation.number"))
    .min(min, outOfRange)
    .max(max, outOfRange)
    .refine((value) => Math.abs(Math.round(value * 10 ** scale) - value * 10 ** scale) < 1e-6, outOfRange);
}

/**
 * An amount of money as a person types it, in euros ("1234,50", "1234.50", "1 234,50"),
 * parsed to integer cents; at most 99 999 999,99. Empty is refused when `required`, else
 * it is null (a price that is not set, e.g. no membership price).
 */
export function money(options?: { required?: true }): z.ZodType<number, string | undefined>;
export function money(options: { required: false }): z.ZodType<number | null, string | undefined>;
export function money({ required = true }: { required?: boolean } = {}): z.ZodType<number | null, string | undefined> {
  const parse = (value: string) => Math.round(Number(value.replace(/\s/g, "").replace(",", ".")) * 100);
  const valid = (value: string) => /^\d{1,8}([.,]\d{1,2})?$/.test(value.replace(/\s/g, ""));
  const field = text({ max: 20, required }).refine((value) => value === "" || valid(value), MONEY);
  return required ? field.transform(parse) : field.transform((value) => (value === "" ? null : parse(value)));
}
export const MONEY = "core.validation.amount";

/** A URL slug (spec §5): at least 4 characters ('Slug je kratak (minimum 4 znaka)!'), lowercase ASCII words joined by hyphens. */
export const SLUG_MAX = 120;
export function slug() {
  return text({ max: SLUG_MAX, required: true })
    .refine((value) => value.length === 0 || value.length >= 4, "core.validation.slugShort")
    .refine((value) => value.length < 4 || SLUG_PATTERN.test(value), "core.validation.slugFormat");
}
