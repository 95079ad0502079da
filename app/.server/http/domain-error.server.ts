import { redirect } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { refuseWith } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";

type Submission = Parameters<typeof refuseWith>[0];

/**
 * The one answer of a form's action to what its service threw: a DomainError becomes the
 * form's reply (its message key, translated by the form, at its field when `fields` has it,
 * else form-wide; with its status, refuseWith); anything else is not a refusal and is
 * rethrown, so a bug still answers 500. Used in the action's `catch`:
 *
 *   } catch (error) {
 *     return answerDomainError(error, submission, ["slug"]);
 *   }
 */
export function answerDomainError(error: unknown, submission: Submission, fields: readonly string[] = []): ReturnType<typeof refuseWith> {
  if (!isDomainError(error)) throw error;
  return refuseWith(submission, error, fields);
}

/**
 * The same for an action whose refusal is a toast on the page it came from (a list's
 * button, a stale row): a DomainError redirects to `to` with its message as an error toast;
 * anything else is rethrown.
 */
export async function toastDomainError(error: unknown, to: string) {
  if (!isDomainError(error)) throw error;
  return redirect(to, { headers: await setToast({ type: "error", key: error.key }) });
}
