import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { sites } from "~/.server/db/schema";
import { recordAudit } from "~/modules/admin/audit.server";
import { checkVersion } from "~/modules/admin/versioned.server";
import type { Staff } from "~/modules/admin/staff.server";
import { SITE_ID } from "./options";
import { clearSiteContext } from "./site.server";

/**
 * The maintenance switch (spec §1: everyone but backoffice users sees only the
 * maintenance view; root.tsx). The sites row has no version column, so the change is
 * conditional on the state the form showed (a stale form is refused like a stale
 * version) and audited with before and after. The site context cache is cleared, and with
 * it the rendered-page cache derived from it, so no shopper gets a page cached before.
 */
export async function maintenanceMode(): Promise<boolean> {
  const db = await getDb();
  const [site] = await db.select({ on: sites.maintenanceMode }).from(sites).where(eq(sites.id, SITE_ID));
  return site?.on ?? false;
}

export async function setMaintenanceMode(staff: Staff, on: boolean, was: boolean): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(sites)
      .set({ maintenanceMode: on })
      .where(and(eq(sites.id, SITE_ID), eq(sites.maintenanceMode, was)))
      .returning({ id: sites.id });
    // Someone switched it since the form was shown: nothing is overwritten.
    if (changed.length === 0) checkVersion(Number(!was), Number(was));
    if (on !== was)
      await recordAudit(tx, staff, {
        entity: "settings",
        entityId: SITE_ID,
        action: "maintenance",
        before: { maintenanceMode: was },
        after: { maintenanceMode: on },
      });
  });
  await clearSiteContext();
}
