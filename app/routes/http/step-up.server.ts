import { getSession, sessionStorage } from "~/.server/session.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { confirmStepUp, STEP_UP_FIELD, stepUpDue } from "~/modules/staff/step-up.server";

/** Whether the page's sensitive forms need the password field (decision 0086): the session's password is old. */
export async function stepUpNeeded(request: Request, now = Date.now()): Promise<boolean> {
  return stepUpDue((await getSession(request)).get("authAt"), now);
}

/**
 * Throws a 403 DomainError (at the password field) unless the session's password is recent
 * or the form's is right; a right one renews the session's time. Returns the Set-Cookie of
 * the renewed session, or null.
 */
export async function requireStepUp(request: Request, staff: Staff, form: FormData): Promise<string | null> {
  if (!(await confirmStepUp(staff, await stepUpNeeded(request), form.get(STEP_UP_FIELD)))) return null;
  const session = await getSession(request);
  session.set("authAt", Date.now());
  return sessionStorage.commitSession(session);
}
