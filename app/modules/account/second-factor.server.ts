import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { sites, staffTwoFactor } from "~/.server/db/schema";
import type { CurrentUser } from "~/.server/shopper.server";
import type { Session } from "@remix-run/node";
import type { SessionData } from "~/.server/session.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * Whether a backoffice sign-in still owes a second factor (decision 0086): "code" when the
 * user has one on, "enrol" when the shop requires one of admins (sites.require_admin_two_factor)
 * and this admin has none yet, null when the password is enough. The sign-in asks for it
 * after the password; requireBackofficeUser refuses a session that has not given it.
 */
export type SecondFactorOwed = "code" | "enrol" | null;

export async function secondFactorOwed(userId: number, scope: readonly string[]): Promise<SecondFactorOwed> {
  const db = await getDb();
  // One query: the shop's rule and the user's factor side by side.
  const [row] = await db
    .select({ required: sites.requireAdminTwoFactor, enabledAt: staffTwoFactor.enabledAt })
    .from(sites)
    .leftJoin(staffTwoFactor, eq(staffTwoFactor.userId, userId))
    .where(eq(sites.id, SITE_ID));
  if (row?.enabledAt) return "code";
  return scope.includes("admin") && row?.required ? "enrol" : null;
}

/**
 * Whether a backoffice session may enter (decision 0086): it was made by the backoffice
 * sign-in, which asked for every factor owed then (no query: the common case costs
 * nothing), or its user owes none now. A session from the shop's sign-in or an invitation
 * whose user owes a factor is sent to /adminLogin for it.
 */
export async function secondFactorGiven(session: Session<SessionData>, user: CurrentUser): Promise<boolean> {
  return session.get("backofficeSignIn") === true || (await secondFactorOwed(user.id, user.scope)) === null;
}
