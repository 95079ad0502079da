import { and, asc, count, eq, max, ne } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { deliveryMethods, deliveryRates, deliveryZones } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { kilograms } from "./delivery-price";
import { changeMethod } from "./shipping-admin.server";
import { shippingSettings } from "./shipping-settings.server";

/**
 * A delivery method's rate table in the backoffice (decision 0106): zones (a name and
 * country codes), their rate rows (up to a weight, a price with VAT) and the long-goods
 * surcharge. Each change goes through the method's edit pattern (changeMethod: row locked,
 * version checked and raised, caches of delivery cleared) and is audited on the method.
 */
export const MAX_ZONES = 20;
export const MAX_RATES_PER_ZONE = 50;

type ZoneInput = { name: string; countries: string[] };
type RateInput = { maxWeight: number; price: number };

const refused = (code: string, key: string, field?: string, values?: Record<string, string | number>) =>
  new DomainError(code, { message: code, key: `adminShipping.rates.errors.${key}`, field, values });

/** Codes the shop knows and delivers to (the allowed countries of /admin/shipping); read before the transaction. */
async function checkCountries(codes: string[]) {
  const { allowedCountries, countries } = await shippingSettings();
  const known = new Set(countries.map((c) => c.iso));
  const unknown = codes.find((code) => !known.has(code));
  if (unknown) throw refused("unknownCountry", "unknownCountry", "countries", { country: unknown });
  const all = allowedCountries.includes("ALL");
  const outside = codes.find((code) => !all && !allowedCountries.includes(code));
  if (outside) throw refused("countryNotDelivered", "notDelivered", "countries", { country: outside });
}

async function zoneOf(tx: Executor, methodId: number, zoneId: number) {
  const [zone] = await tx
    .select()
    .from(deliveryZones)
    .where(and(eq(deliveryZones.id, zoneId), eq(deliveryZones.deliveryMethodId, methodId)));
  if (!zone)
    throw new DomainError("zoneNotFound", { message: "Zone not found", key: "adminShipping.rates.errors.zoneNotFound", status: 404 });
  return zone;
}

/** A country in one zone per method, a name once per method. */
async function checkZone(tx: Executor, methodId: number, input: ZoneInput, except: number | null) {
  const others = await tx
    .select()
    .from(deliveryZones)
    .where(and(eq(deliveryZones.deliveryMethodId, methodId), except ? ne(deliveryZones.id, except) : undefined));
  if (others.some((z) => z.name.toLowerCase() === input.name.toLowerCase())) throw refused("zoneNameTaken", "nameTaken", "name");
  for (const zone of others) {
    const shared = input.countries.find((code) => zone.countries.includes(code));
    if (shared) throw refused("countryInZone", "countryInZone", "countries", { country: shared, zone: zone.name });
  }
  if (except === null && others.length >= MAX_ZONES) throw refused("tooManyZones", "tooManyZones", undefined, { max: MAX_ZONES });
}

export async function addZone(staff: Staff, methodId: number, version: number, input: ZoneInput) {
  await checkCountries(input.countries);
  return changeMethod(methodId, version, async (tx) => {
    await checkZone(tx, methodId, input, null);
    const [{ last }] = await tx
      .select({ last: max(deliveryZones.position) })
      .from(deliveryZones)
      .where(eq(deliveryZones.deliveryMethodId, methodId));
    const [row] = await tx
      .insert(deliveryZones)
      .values({ deliveryMethodId: methodId, ...input, position: (last ?? 0) + 1 })
      .returning();
    await recordAudit(tx, staff, { entity: "deliveryMethod", entityId: methodId, action: "addZone", after: { zoneId: row.id, ...input } });
  });
}

export async function saveZone(staff: Staff, methodId: number, version: number, zoneId: number, input: ZoneInput) {
  await checkCountries(input.countries);
  return changeMethod(methodId, version, async (tx) => {
    const before = await zoneOf(tx, methodId, zoneId);
    await checkZone(tx, methodId, input, zoneId);
    await tx.update(deliveryZones).set(input).where(eq(deliveryZones.id, zoneId));
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "saveZone",
      ...changedFields({ zoneId, name: before.name, countries: before.countries }, { zoneId, ...input }),
    });
  });
}

/** Removes a zone with its rate rows; the trail keeps what they were. */
export function removeZone(staff: Staff, methodId: number, version: number, zoneId: number) {
  return changeMethod(methodId, version, async (tx) => {
    const zone = await zoneOf(tx, methodId, zoneId);
    const rates = await tx.select().from(deliveryRates).where(eq(deliveryRates.zoneId, zoneId)).orderBy(asc(deliveryRates.maxWeightG));
    await tx.delete(deliveryZones).where(eq(deliveryZones.id, zoneId));
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "removeZone",
      before: { zoneId, name: zone.name, countries: zone.countries, rates: rates.map(rateFacts) },
    });
  });
}

const rateFacts = (r: { maxWeightG: number; priceCents: number }) => ({ upToKg: kilograms(r.maxWeightG), priceCents: r.priceCents });

async function rateOf(tx: Executor, methodId: number, rateId: number) {
  const [row] = await tx
    .select({ rate: deliveryRates, zone: deliveryZones })
    .from(deliveryRates)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryRates.zoneId))
    .where(and(eq(deliveryRates.id, rateId), eq(deliveryZones.deliveryMethodId, methodId)));
  if (!row)
    throw new DomainError("rateNotFound", { message: "Rate not found", key: "adminShipping.rates.errors.rateNotFound", status: 404 });
  return row;
}

/** Each limit once in a zone: rows are read lightest first, so an equal limit would never be reached. */
async function checkLimit(tx: Executor, zoneId: number, grams: number, except: number | null) {
  const [taken] = await tx
    .select({ id: deliveryRates.id })
    .from(deliveryRates)
    .where(and(eq(deliveryRates.zoneId, zoneId), eq(deliveryRates.maxWeightG, grams), except ? ne(deliveryRates.id, except) : undefined));
  if (taken) throw refused("rateLimitTaken", "limitTaken", "maxWeight", { weight: kilograms(grams) });
}

export function addRate(staff: Staff, methodId: number, version: number, zoneId: number, input: RateInput) {
  return changeMethod(methodId, version, async (tx) => {
    const zone = await zoneOf(tx, methodId, zoneId);
    await checkLimit(tx, zoneId, input.maxWeight, null);
    const [{ n }] = await tx.select({ n: count() }).from(deliveryRates).where(eq(deliveryRates.zoneId, zoneId));
    if (n >= MAX_RATES_PER_ZONE) throw refused("tooManyRates", "tooManyRates", undefined, { max: MAX_RATES_PER_ZONE });
    const [row] = await tx.insert(deliveryRates).values({ zoneId, maxWeightG: input.maxWeight, priceCents: input.price }).returning();
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "addRate",
      after: { rateId: row.id, zone: zone.name, ...rateFacts(row) },
    });
  });
}

export function saveRate(staff: Staff, methodId: number, version: number, rateId: number, input: RateInput) {
  return changeMethod(methodId, version, async (tx) => {
    const { rate, zone } = await rateOf(tx, methodId, rateId);
    await checkLimit(tx, zone.id, input.maxWeight, rateId);
    const [after] = await tx
      .update(deliveryRates)
      .set({ maxWeightG: input.maxWeight, priceCents: input.price })
      .where(eq(deliveryRates.id, rateId))
      .returning();
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "saveRate",
      ...changedFields({ rateId, zone: zone.name, ...rateFacts(rate) }, { rateId, zone: zone.name, ...rateFacts(after) }),
    });
  });
}

export function removeRate(staff: Staff, methodId: number, version: number, rateId: number) {
  return changeMethod(methodId, version, async (tx) => {
    const { rate, zone } = await rateOf(tx, methodId, rateId);
    await tx.delete(deliveryRates).where(eq(deliveryRates.id, rateId));
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "removeRate",
      before: { rateId, zone: zone.name, ...rateFacts(rate) },
    });
  });
}

/** The long-goods surcharge: both a length and an amount, or neither (no surcharge). */
export function setLongGoods(staff: Staff, methodId: number, version: number, fromMm: number | null, surchargeCents: number | null) {
  if ((fromMm === null) !== (surchargeCents === null))
    throw refused("longGoodsHalf", "longGoodsBoth", fromMm === null ? "fromMm" : "surcharge");
  return changeMethod(methodId, version, async (tx, before) => {
    await tx
      .update(deliveryMethods)
      .set({ longGoodsFromMm: fromMm, longGoodsSurchargeCents: surchargeCents })
      .where(eq(deliveryMethods.id, methodId));
    await recordAudit(tx, staff, {
      entity: "deliveryMethod",
      entityId: methodId,
      action: "longGoods",
      before: { longGoodsFromMm: before.longGoodsFromMm, longGoodsSurchargeCents: before.longGoodsSurchargeCents },
      after: { longGoodsFromMm: fromMm, longGoodsSurchargeCents: surchargeCents },
    });
  });
}
