import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { validateConstraints } from "./validate-constraints";

/** The HTML constraints of a form's fields, computed on the server from its zod schema (`formConstraint`). */
export type FormConstraint = Parameters<typeof useForm>[0]["constraint"];

type Options = {
  /** Unique on the page; also the prefix of the fields' element ids. */
  id: string;
  /** The action's `submission.reply()` for this form, if the last post was this form's. */
  lastResult?: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
};

/**
 * conform's useForm as every form of the shop uses it:
 * - until scripts run (and forever without JavaScript) the browser itself checks the
 *   constraints (`defaultNoValidate: false`); once hydrated, conform takes over;
 * - fields are checked on blur and again on input, with the constraints from the server,
 *   so no zod is downloaded (`validateConstraints`);
 * - the action's answer (`lastResult`) shows its field errors and keeps what was typed,
 *   whether or not the page was hydrated.
 */
export function useShopForm<Schema extends Record<string, unknown>>({
  id,
  lastResult,
  constraint,
  defaultValue,
}: Options & { defaultValue?: DefaultValue<Schema> }) {
  return useForm<Schema, Schema, string[]>({
    id,
    lastResult,
    constraint,
    defaultValue,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateConstraints as never,
  });
}

/**
 * The action's answer when it belongs to this form: a page with several forms posting to
 * one action (profile, password, address) tells them apart by the posted `intent`.
 */
export function resultFor(lastResult: unknown, intent: string): SubmissionResult<string[]> | null {
  const result = submissionOf(lastResult);
  return result?.initialValue?.intent === intent ? result : null;
}

/**
 * The action's answer when it is a refused submission (`submission.reply()`), not a
 * fetcher's own success shape such as `{ ok: true, key }` (price enquiry, forms, newsletter).
 */
export function submissionOf(answer: unknown): SubmissionResult<string[]> | null {
  return answer && typeof answer === "object" && "status" in answer && !("ok" in answer) ? (answer as SubmissionResult<string[]>) : null;
}
