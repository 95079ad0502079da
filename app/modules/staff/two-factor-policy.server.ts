import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { sites } from "~/.server/db/schema";
import { recordAudit } from "~/modules/admin/audit.server";
import type { Staff } from "~/modules/admin/staff.server";
import { checkVersion } from "~/modules/admin/versioned.server";
import { SITE_ID } from "~/modules/site/options";

/**
 * The shop's rule "admins sign in with a second factor" (decision 0086), switched on the
 * settings page like the maintenance switch: conditional on the state the form showed and
 * audited. Admins without a factor are sent to enrol at their next sign-in or request.
 */
export async function adminTwoFactorRequired(): Promise<boolean> {
  const db = await getDb();
  const [site] = await db.select({ on: sites.requireAdminTwoFactor }).from(sites).where(eq(sites.id, SITE_ID));
  return site?.on ?? false;
}

export async function setAdminTwoFactorRequired(staff: Staff, on: boolean, was: boolean): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(sites)
      .set({ requireAdminTwoFactor: on })
      .where(and(eq(sites.id, SITE_ID), eq(sites.requireAdminTwoFactor, was)))
      .returning({ id: sites.id });
    if (changed.length === 0) checkVersion(Number(!was), Number(was));
    if (on !== was)
      await recordAudit(tx, staff, {
        entity: "settings",
        entityId: SITE_ID,
        action: "adminTwoFactor",
        before: { requireAdminTwoFactor: was },
        after: { requireAdminTwoFactor: on },
      });
  });
}
