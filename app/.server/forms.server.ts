import type { Submission as ConformSubmission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import { messageKey } from "~/lib/validation-message";
import type { DomainError } from "./domain-error";
import { readForm } from "./security.server";

/**
 * The server half of every form (DESIGN.md "forms"): one zod schema per form.
 * - `readSubmission` checks the CSRF token and the honeypot, then parses the post with the
 *   schema (conform's `parseWithZod`: empty strings are "not given", numbers and dates
 *   coerced, the schema's message keys as errors).
 * - `formConstraint` turns the same schema into HTML constraints for the loader, so the
 *   browser checks required, lengths, ranges and patterns without JavaScript and without zod.
 * - `refuse` and `refuseWith` answer a refused post: 400 (or the error's status) with
 *   `submission.reply()`, which carries the errors and what was typed, never passwords.
 */
export async function readSubmission<Schema extends ZodTypeAny>(request: Request, schema: Schema) {
  const form = await readForm(request);
  return { form, submission: parseWithZod(form, { schema }) };
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

function hiddenFields(submission: Submission): string[] {
  return Object.keys(submission.payload).filter((name) => SECRET.test(name) || name === "csrf" || name === "website");
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
