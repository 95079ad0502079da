import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import { getDb } from "~/.server/db/client.server";
import { sites } from "~/.server/db/schema";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { SettingsSection } from "./settings.schema";
import { SECTION_STORES, type SettingsState } from "./settings-sections.server";

/**
 * Reading and saving a section of /admin/settings (docs/decisions/0050). Settings have no
 * version column: each form posts the fingerprint of the stored values it showed, and a
 * save whose section changed since is refused like a stale version (409 admin.staleEdit,
 * nothing written). A save locks the site row, so two saves of settings never interleave;
 * it writes only the keys that changed, audits them (before and after) in the same
 * transaction, and announces the change (dataChanged("settings")) after the commit, so
 * the next page a shopper gets, cached or not, shows it.
 */

/** JSON with sorted keys: the same values give the same text whatever order they were stored in. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function settingsFingerprint(state: SettingsState): string {
  return createHash("sha256").update(stable(state)).digest("base64url").slice(0, 32);
}

/** What a section's form shows: its values (with the shop's defaults) and the fingerprint it posts back. */
export async function settingsForm(section: SettingsSection) {
  const store = SECTION_STORES[section];
  const state = await store.read(await getDb());
  return { values: store.display(state), fingerprint: settingsFingerprint(state) };
}

/** Saves a section's parsed form; returns the keys that changed (none: nothing written, nothing audited). */
export async function saveSettings(
  staff: Pick<Staff, "id" | "email">,
  section: SettingsSection,
  input: { fingerprint: string } & SettingsState,
): Promise<string[]> {
  const { fingerprint, ...next } = input;
  const store = SECTION_STORES[section];
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, SITE_ID)).for("update");
    const current = await store.read(tx);
    if (settingsFingerprint(current) !== fingerprint) {
      throw new DomainError("staleEdit", { message: "The settings were changed by someone else", key: "admin.staleEdit", status: 409 });
    }
    const keys = Object.keys(next).filter((key) => stable(current[key]) !== stable(next[key]));
    if (keys.length === 0) return keys;
    await store.check?.(tx, next, keys);
    await store.write(tx, next, keys);
    const pick = (state: SettingsState) => Object.fromEntries(keys.map((key) => [key, state[key] ?? null]));
    await recordAudit(tx, staff, { entity: "settings", entityId: SITE_ID, action: section, before: pick(current), after: pick(next) });
    return keys;
  });
  if (changed.length > 0) await dataChanged("settings");
  return changed;
}
