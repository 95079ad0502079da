import { DomainError, isDomainError } from "~/.server/domain-error";
import { authenticate } from "~/modules/account/auth.server";
import { throttled } from "~/modules/account/login-throttle.server";
import type { Staff } from "~/modules/kernel/staff.server";

/**
 * Step-up for the backoffice's most sensitive changes (decision 0086, ASVS 4 §3.7.1):
 * granting the admin scope, making an API key, changing a payment method. The action goes
 * ahead when the session gave the password within STEP_UP_MS, or when the form carries the
 * password (`currentPassword`); a wrong one counts against the sign-in lock like a failed
 * sign-in. Checked in the action: the page only shows the field when it will be needed.
 */
export const STEP_UP_MS = 5 * 60 * 1000;
export const STEP_UP_FIELD = "currentPassword";

/** Whether the page's sensitive forms need the password field: the session's password (`authAt`) is older than STEP_UP_MS. */
export function stepUpDue(authAt: unknown, now = Date.now()): boolean {
  return typeof authAt !== "number" || now - authAt > STEP_UP_MS;
}

/**
 * Throws a 403 DomainError (at the password field) when the step-up is `due` and the form's
 * password is missing or wrong. True when the password was given and right, so the route
 * renews the session's time (app/routes/http/step-up.server.ts).
 */
export async function confirmStepUp(staff: Staff, due: boolean, password: FormDataEntryValue | null): Promise<boolean> {
  if (!due) return false;
  if (typeof password !== "string" || password === "")
    throw new DomainError("stepUpRequired", {
      message: "Password required",
      key: "admin.stepUp.required",
      status: 403,
      field: STEP_UP_FIELD,
    });
  await confirmPassword(staff, password, STEP_UP_FIELD);
  return true;
}

/**
 * Checks the signed-in staff member's own password under the sign-in lock (a wrong one
 * counts); a wrong one is a 403 at `field`, never the sign-in's "unknown user" message.
 */
export async function confirmPassword(staff: Pick<Staff, "email">, password: string, field: string): Promise<void> {
  try {
    await throttled(staff.email, "backoffice", () => authenticate(staff.email, password));
  } catch (error) {
    if (!isDomainError(error) || error.status !== 401) throw error;
    throw new DomainError("wrongPassword", { message: "Wrong password", key: "admin.stepUp.wrong", status: 403, field });
  }
}
