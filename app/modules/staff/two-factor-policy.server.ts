import type { Staff } from "~/modules/kernel/staff.server";
import { setSiteSwitch, siteSwitchOn } from "~/modules/site/site-switch.server";

/**
 * The shop's rule "admins sign in with a second factor" (decision 0086), switched on the
 * settings page like the maintenance switch. Admins without a factor are sent to enrol at
 * their next sign-in or request.
 */
export const adminTwoFactorRequired = (): Promise<boolean> => siteSwitchOn("requireAdminTwoFactor");

export const setAdminTwoFactorRequired = (staff: Staff, on: boolean, was: boolean): Promise<void> =>
  setSiteSwitch(staff, "requireAdminTwoFactor", "adminTwoFactor", on, was);
