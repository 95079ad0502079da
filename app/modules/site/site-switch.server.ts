import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { sites } from "~/.server/db/schema";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { SITE_ID } from "~/modules/kernel/options";

/** The shop's on/off switches kept on the sites row (maintenance, the admins' second factor). */
export type SiteSwitch = "maintenanceMode" | "requireAdminTwoFactor";

export async function siteSwitchOn(name: SiteSwitch): Promise<boolean> {
  const db = await getDb();
  const [site] = await db.select({ on: sites[name] }).from(sites).where(eq(sites.id, SITE_ID));
  return site?.on ?? false;
}

/**
 * Flips a switch as the settings form showed it. The sites row has no version column, so
 * the change is conditional on the state the form showed (a stale form is refused like a
 * stale version) and audited with before and after under `action`.
 */
export async function setSiteSwitch(staff: Staff, name: SiteSwitch, action: string, on: boolean, was: boolean): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(sites)
      .set({ [name]: on })
      .where(and(eq(sites.id, SITE_ID), eq(sites[name], was)))
      .returning({ id: sites.id });
    // Someone switched it since the form was shown: nothing is overwritten.
    if (changed.length === 0) checkVersion(Number(!was), Number(was));
    if (on !== was)
      await recordAudit(tx, staff, { entity: "settings", entityId: SITE_ID, action, before: { [name]: was }, after: { [name]: on } });
  });
}
