import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { countries, options, stores } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { FREE_DELIVERY_OPTION, SITE_ID } from "~/modules/kernel/options";

/**
 * The shop-wide delivery settings of /admin/shipping (decision 0049): the free-delivery
 * threshold (CMS option FreeDeliveryAmount, cents per currency id; the built-in EUR is 44)
 * and the countries checkout delivers to (the store's checkoutSettings.allowedCountries:
 * ["ALL"] or ISO codes, spec §3). Neither row has a version: a form posts the value it
 * showed (`was`) and is refused like a stale version when it moved on. Only these keys
 * are written: the rest of the checkout settings belongs to /admin/settings.
 */
export const SHOP_CURRENCY_ID = 44;

export async function shippingSettings() {
  const db = await getDb();
  const [[option], [store], all] = await Promise.all([
    db
      .select({ value: options.value })
      .from(options)
      .where(and(eq(options.siteId, SITE_ID), eq(options.key, FREE_DELIVERY_OPTION))),
    db.select({ settings: stores.checkoutSettings }).from(stores).where(eq(stores.siteId, SITE_ID)).orderBy(asc(stores.id)).limit(1),
    db.select({ iso: countries.iso, name: countries.name }).from(countries).orderBy(asc(countries.name)),
  ]);
  const byCurrency = option?.value as Record<string, number> | null | undefined;
  const cents = byCurrency?.[String(SHOP_CURRENCY_ID)];
  const allowed = store?.settings.allowedCountries ?? ["ALL"];
  return { freeDeliveryCents: typeof cents === "number" ? cents : null, allowedCountries: allowed, countries: all };
}

/** How a threshold travels in the form's `was`: cents, or "" for none. */
export const thresholdToken = (cents: number | null) => (cents === null ? "" : String(cents));
/** How the allowed countries travel in `was`: "ALL" or the codes joined by commas. */
export const countriesToken = (allowed: string[]) => allowed.join(",");

export async function setFreeDelivery(staff: Staff, cents: number | null, was: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(options)
      .where(and(eq(options.siteId, SITE_ID), eq(options.key, FREE_DELIVERY_OPTION)))
      .for("update");
    const current = (row?.value as Record<string, number> | null | undefined) ?? null;
    const before = typeof current?.[String(SHOP_CURRENCY_ID)] === "number" ? current[String(SHOP_CURRENCY_ID)] : null;
    if (thresholdToken(before) !== was) checkVersion(0, 1);
    // Other currencies' amounts stay; an empty field removes this currency's limit.
    const next: Record<string, number> = { ...(current ?? {}) };
    if (cents === null) delete next[String(SHOP_CURRENCY_ID)];
    else next[String(SHOP_CURRENCY_ID)] = cents;
    const value = Object.keys(next).length > 0 ? next : null;
    if (row) await tx.update(options).set({ value }).where(eq(options.id, row.id));
    else await tx.insert(options).values({ siteId: SITE_ID, key: FREE_DELIVERY_OPTION, value });
    await recordAudit(tx, staff, {
      entity: "settings",
      entityId: SITE_ID,
      action: "freeDelivery",
      before: { freeDeliveryCents: before },
      after: { freeDeliveryCents: cents },
    });
  });
  await dataChanged("shipping");
}

export async function setAllowedCountries(staff: Staff, mode: "all" | "list", codes: string[], was: string): Promise<void> {
  const db = await getDb();
  const chosen = [...new Set(codes.map((c) => c.toUpperCase()))];
  if (mode === "list") {
    const known = new Set((await db.select({ iso: countries.iso }).from(countries)).map((c) => c.iso));
    if (chosen.length === 0)
      throw new DomainError("noCountries", { message: "No countries", key: "adminShipping.errors.noCountries", field: "countries" });
    if (chosen.some((c) => !known.has(c)))
      throw new DomainError("unknownCountry", {
        message: "Unknown country",
        key: "adminShipping.errors.unknownCountry",
        field: "countries",
      });
  }
  const allowed = mode === "all" ? ["ALL"] : chosen.sort();
  await db.transaction(async (tx) => {
    const [store] = await tx.select().from(stores).where(eq(stores.siteId, SITE_ID)).orderBy(asc(stores.id)).for("update");
    if (!store) throw new DomainError("noStore", { message: "No store", key: "adminShipping.errors.noStore" });
    const before = store.checkoutSettings.allowedCountries ?? ["ALL"];
    if (countriesToken(before) !== was) checkVersion(0, 1);
    // Only this key of the checkout settings (the others are the settings screen's), in every store of the site.
    await tx
      .update(stores)
      .set({ checkoutSettings: sql`jsonb_set(${stores.checkoutSettings}, '{allowedCountries}', ${JSON.stringify(allowed)}::jsonb)` })
      .where(eq(stores.siteId, SITE_ID));
    await recordAudit(tx, staff, {
      entity: "settings",
      entityId: SITE_ID,
      action: "allowedCountries",
      before: { allowedCountries: before },
      after: { allowedCountries: allowed },
    });
  });
  await dataChanged("shipping");
}
