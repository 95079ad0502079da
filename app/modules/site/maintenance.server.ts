import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import type { Staff } from "~/modules/kernel/staff.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { MAINTENANCE_MESSAGE_OPTION } from "~/modules/kernel/options";
import { setSiteSwitch, siteSwitchOn } from "./site-switch.server";

/**
 * The maintenance switch (spec §1: everyone but backoffice users sees only the
 * maintenance view; root.tsx), changed as the settings form showed it and audited
 * (site-switch.server.ts). The site context cache is cleared, and with it the rendered-page
 * cache derived from it, so no shopper gets a page cached before.
 */
export const maintenanceMode = (): Promise<boolean> => siteSwitchOn("maintenanceMode");

/**
 * The message customers see on the maintenance view: the owner's text in their language,
 * else the Croatian one (as the shop's other translated settings fall back), else null and
 * the view shows the spec's text ("Održavanje u toku, biti ćemo s Vama uskoro!").
 */
export function maintenanceMessage(options: Record<string, unknown>, locale: Locale): string | null {
  const texts = options[MAINTENANCE_MESSAGE_OPTION];
  if (!texts || typeof texts !== "object") return null;
  const pick = (key: string) => {
    const value = (texts as Record<string, unknown>)[key];
    return typeof value === "string" && value.trim() ? value.trim() : null;
  };
  return pick(locale) ?? pick("hr");
}

/**
 * What a backoffice user is told on the shop's pages while customers see only the
 * maintenance view: translated here, so the text (from the backoffice's namespace) is sent
 * to them alone and never ships with a shopper's page.
 */
export async function staffMaintenanceNotice(locale: Locale): Promise<string> {
  return (await getFixedT(locale, "admin"))("admin.notices.storefrontMaintenance");
}

export async function setMaintenanceMode(staff: Staff, on: boolean, was: boolean): Promise<void> {
  await setSiteSwitch(staff, "maintenanceMode", "maintenance", on, was);
  await dataChanged("settings");
}
