import { data, redirect } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { refuseWith } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";

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
 * button, a stale row, a product card's heart): a DomainError redirects to `to` with its
 * message as an error toast; anything else is rethrown. With `signIn`, a rule that asks the
 * shopper to sign in (`loginRequired`) sends them to the login page instead, which brings
 * them back to `signIn.back` afterwards.
 */
export async function toastDomainError(error: unknown, to: string, signIn?: { locale: Locale; back: string }) {
  if (!isDomainError(error)) throw error;
  if (signIn && error.code === "loginRequired") {
    const login = `${href("login", signIn.locale)}?redirectTo=${encodeURIComponent(signIn.back)}`;
    return redirect(login, { headers: await setToast({ type: "info", key: error.key }) });
  }
  return redirect(to, { headers: await setToast({ type: "error", key: error.key, values: error.values }) });
}

/**
 * The same for a call made by a script (the in-page editor's fetches): `{ ok: false, error }`
 * with the message key, its values and the field (`field` when the service names none), and
 * the error's status; anything else is rethrown.
 */
export function jsonDomainError(error: unknown, field = "") {
  if (!isDomainError(error)) throw error;
  return data(
    { ok: false as const, error: { key: error.key, values: error.values ?? {}, field: error.field ?? field } },
    { status: error.status },
  );
}
