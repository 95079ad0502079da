import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { deliveryMethods, deliveryRates, deliveryZones } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import type { PricedMethod, RateRow, RateZone } from "./delivery-price";

/** A method row with what prices it (decision 0106): its zones (in their order) and rate rows (lightest first). */
export type MethodWithRates = typeof deliveryMethods.$inferSelect & PricedMethod;

export function pricedMethod(row: typeof deliveryMethods.$inferSelect, zones: RateZone[], rates: RateRow[]): MethodWithRates {
  const longGoods =
    row.longGoodsFromMm !== null && row.longGoodsSurchargeCents !== null
      ? { fromMm: row.longGoodsFromMm, surchargeCents: row.longGoodsSurchargeCents }
      : null;
  return { ...row, longGoods, zones, rates };
}

/** The zones and rate rows of these methods, by method id. */
export async function rateTables(db: Executor, methodIds: number[]) {
  const zones = methodIds.length
    ? await db
        .select()
        .from(deliveryZones)
        .where(inArray(deliveryZones.deliveryMethodId, methodIds))
        .orderBy(asc(deliveryZones.position), asc(deliveryZones.id))
    : [];
  const rates = zones.length
    ? await db
        .select()
        .from(deliveryRates)
        .where(
          inArray(
            deliveryRates.zoneId,
            zones.map((z) => z.id),
          ),
        )
        .orderBy(asc(deliveryRates.maxWeightG), asc(deliveryRates.id))
    : [];
  return new Map(
    methodIds.map((id) => {
      const own = zones.filter((z) => z.deliveryMethodId === id);
      const ids = new Set(own.map((z) => z.id));
      return [id, { zones: own, rates: rates.filter((r) => ids.has(r.zoneId)) }];
    }),
  );
}

/** The site's active delivery methods in their order, each with its rate table. */
export async function activeMethodsWithRates(db: Executor): Promise<MethodWithRates[]> {
  const rows = await db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.siteId, SITE_ID), eq(deliveryMethods.active, true)))
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.id));
  const tables = await rateTables(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => pricedMethod(row, tables.get(row.id)!.zones, tables.get(row.id)!.rates));
}
