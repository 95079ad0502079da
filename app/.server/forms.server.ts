import type { Submission as ConformSubmission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z, type ZodTypeAny } from "zod/v4";
import { FIELD_MAX_LENGTH, FIELD_NAME_MAX, INVALID_CHARACTERS, hasInvalidCharacters, tooLong } from "~/lib/schema-fields";
import { messageKey } from "~/lib/validation-message";
import type { DomainError } from "./domain-error";
import { oversizedLists, withinList } from "./form-lists.server";
import { isHoneypotField, readForm } from "./security.server";

/**
 * The server half of every form (DESIGN.md "forms"): one zod schema per form.
 * - `readSubmission` checks the CSRF token and the honeypot, refuses a list longer than the
 *   schema's own `.max()` and a name conform cannot read before conform builds anything
 *   (`screenLists`, form-lists.server.ts: a form-wide translated message, the list left out
 *   of the answer), screens every posted value
 *   (`screenForm`: no NUL or other invalid character, none longer than FIELD_MAX_LENGTH,
 *   fields a schema does not name included), then parses the post with the schema
 *   (conform's `parseWithZod`: empty strings are "not given", numbers and dates coerced,
 *   the schema's message keys as errors). A screened-out value is refused like a schema
 *   error: 400 with the message at its field, nothing changed (DESIGN.md "Trust boundaries").
 * - `formConstraint` turns the same schema into HTML constraints for the loader, so the
 *   browser checks required, lengths, ranges and patterns without JavaScript and without zod.
 * - `refuse` and `refuseWith` answer a refused post: 400 (or the error's status) with
 *   `submission.reply()`, which carries the errors and what was typed, never passwords.
 */
export async function readSubmission<Schema extends ZodTypeAny>(
  request: Request,
  schema: Schema,
): Promise<{ form: FormData; submission: ConformSubmission<z.input<Schema>, string[], z.output<Schema>> }> {
  const posted = await readForm(request);
  const refusedValues = screenForm(posted);
  const { form, refused: outOfBounds } = screenLists(posted, schema);
  const refused = outOfBounds ?? refusedValues;
  const submission = refused ? parseWithZod(form, { schema: refusal(refused) }) : parseWithZod(form, { schema });
  return { form, submission: submission as ConformSubmission<z.input<Schema>, string[], z.output<Schema>> };
}

export const LIST_TOO_LONG = "core.validation.listTooLong";
export const UNKNOWN_FIELD = "core.validation.unknownField";

/**
 * Lists longer than the schema allows and names conform cannot read, refused before conform
 * builds anything (form-lists.server.ts): a form-wide message, and the post without them,
 * so the answer shows at most the rows the form takes and nothing is changed.
 */
export function screenLists(form: FormData, schema: ZodTypeAny): { form: FormData; refused: Record<string, string> | null } {
  const { lists, unreadable } = oversizedLists(form.entries(), schema);
  if (lists.length === 0 && unreadable.length === 0) return { form, refused: null };
  const kept = new FormData();
  for (const [name, value] of form.entries()) if (!unreadable.includes(name) && !withinList(name, lists)) kept.append(name, value);
  // A list the form has: "at most N rows"; an index where the form has no list, or a name it cannot read: an unknown field.
  const bounded = lists.filter((list) => list.max > 0);
  const message = bounded.length > 0 ? messageKey(LIST_TOO_LONG, { max: Math.min(...bounded.map((l) => l.max)) }) : UNKNOWN_FIELD;
  return { form: kept, refused: { "": message } };
}

/** The most fields one post may carry (the largest form, register with two addresses and consents, has under 60). */
const FIELDS_MAX = 500;
// List indexes are bounded by the form's schema before this (screenLists).
const usableName = (name: string) => name.length <= FIELD_NAME_MAX && !hasInvalidCharacters(name);

/** Whether a posted value is one no field accepts: an invalid character (tab, CR and LF pass here) or over-long. */
function unacceptable(value: FormDataEntryValue): string | null {
  if (typeof value !== "string") return null;
  if (value.length > FIELD_MAX_LENGTH) return tooLong(FIELD_MAX_LENGTH);
  if (hasInvalidCharacters(value, { multiline: true })) return INVALID_CHARACTERS;
  return null;
}

/**
 * The refusals of a post that no schema needs to spell out: per field, the message of a
 * value with NUL or another invalid character or longer than FIELD_MAX_LENGTH; null when
 * every value passes. A post with too many fields or a name no form uses is a bad request
 * (400) outright: no browser sends one.
 */
export function screenForm(form: FormData): Record<string, string> | null {
  const refused: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of form.entries()) {
    if (++count > FIELDS_MAX || !usableName(name)) throw new Response("Bad Request", { status: 400 });
    const message = unacceptable(value);
    if (message && !(name in refused)) refused[name] = message;
  }
  return Object.keys(refused).length > 0 ? refused : null;
}

/** A schema that fails with the screened-out fields' messages at their fields. */
function refusal(refused: Record<string, string>) {
  return z.any().superRefine((_value, ctx) => {
    // "" is the form as a whole (conform's form-wide errors).
    for (const [name, message] of Object.entries(refused)) ctx.addIssue({ code: "custom", path: name ? [name] : [], message });
  });
}

// A schema's constraints never change: worked out once per schema, not on every render of
// the cart or product page (schemas built per request, like a database form's, are new
// objects and simply get their own entry until collected).
const constraints = new WeakMap<ZodTypeAny, ReturnType<typeof getZodConstraint>>();

export function formConstraint(schema: ZodTypeAny) {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    constraints.set(schema, constraint);
  }
  return constraint;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's parsed value
type Submission = ConformSubmission<any, string[]>;
type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; status?: number };

/** Fields whose typed value never travels back to the page. */
const SECRET = /password/i;

/** Fields whose value is not sent back: secrets, the tokens, and values that were refused for what they hold. */
function hiddenFields(submission: Submission): string[] {
  const hidden: string[] = [];
  const walk = (value: unknown, name: string) => {
    // Uploaded files never go back to the page (they cannot be put back into a file input).
    if (typeof Blob !== "undefined" && value instanceof Blob) return void hidden.push(name);
    if (Array.isArray(value) && value.some((item) => item instanceof Blob)) return void hidden.push(name);
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, `${name}[${index}]`));
    if (value && typeof value === "object")
      return Object.entries(value).forEach(([key, item]) => walk(item, name ? `${name}.${key}` : key));
    if (SECRET.test(name) || name === "csrf" || isHoneypotField(name) || (typeof value === "string" && unacceptable(value) !== null))
      hidden.push(name);
  };
  walk(submission.payload, "");
  return hidden;
}

export function refuse(submission: Submission, { status = 400, ...errors }: ReplyOptions = {}) {
  return data(submission.reply({ ...errors, hideFields: hiddenFields(submission) }), { status });
}

/**
 * A broken business rule as the form's answer: at its field when it names one the form
 * has (`fields`), else as the form-wide message; with its status.
 */
export function refuseWith(submission: Submission, error: DomainError, fields: readonly string[] = []) {
  const message = messageKey(error.key, error.values);
  const atField = error.field && (fields.length === 0 || fields.includes(error.field));
  return refuse(submission, {
    status: error.status,
    ...(atField ? { fieldErrors: { [error.field as string]: [message] } } : { formErrors: [message] }),
  });
}
