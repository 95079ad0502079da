import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { addresses, countries, stores, type AddressType } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import type { CountryOption } from "./account-fields";
import type { AddressInput } from "./account.schema";

/**
 * Customer addresses (spec §3 Address form). The form offers the store's allowed
 * countries (spec §5 "Allowed countries filtered by ALL or a list of codes") by ISO code;
 * the row stores the country id resolved from it (spec §3 "sent as country id resolved
 * from ISO code").
 */
export async function allowedCountries(db: Executor): Promise<CountryOption[]> {
  const [store] = await db
    .select({ settings: stores.checkoutSettings })
    .from(stores)
    .where(eq(stores.siteId, SITE_ID))
    .orderBy(asc(stores.id))
    .limit(1);
  const allowed = store?.settings.allowedCountries ?? ["ALL"];
  const rows = allowed.includes("ALL")
    ? await db.select({ iso: countries.iso, name: countries.name }).from(countries).orderBy(asc(countries.name))
    : await db
        .select({ iso: countries.iso, name: countries.name })
        .from(countries)
        .where(inArray(countries.iso, allowed))
        .orderBy(asc(countries.name));
  return rows;
}

/** The country id of an allowed ISO code; empty means no country; anything else is refused on the field. */
async function countryId(db: Executor, iso: string, field: string): Promise<number | null> {
  if (iso === "") return null;
  const allowed = await allowedCountries(db);
  if (!allowed.some((c) => c.iso === iso)) throw new AddressFieldError(field, "account.validation.country");
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso, iso));
  return row.id;
}

/** A refusal that belongs to one posted field ("delivery.country"). */
export class AddressFieldError extends DomainError {
  constructor(field: string, key: string) {
    super("invalidAddressField", { message: `Invalid ${field}`, key, field });
  }
}

/** The typed address fields as stored (the country is resolved separately). */
export function addressFields(input: AddressInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    city: input.city,
    street: input.street,
    houseNumber: input.houseNumber,
    zipCode: input.zipCode,
    companyName: input.companyName,
    companyOib: input.companyOIB,
  };
}

/** Resolves the country (checked against the allowed list) before anything is written. */
export async function addressRow(db: Executor, input: AddressInput, field: string) {
  return { ...addressFields(input), countryId: await countryId(db, input.country, field) };
}

export async function insertAddress(tx: Executor, userId: number, type: AddressType, row: Awaited<ReturnType<typeof addressRow>>) {
  const [inserted] = await tx
    .insert(addresses)
    .values({ userId, type, ...row })
    .returning({ id: addresses.id });
  return inserted.id;
}

export type SavedAddress = AddressInput & { id: number; type: AddressType };

export async function listAddresses(userId: number): Promise<SavedAddress[]> {
  const db = await getDb();
  const rows = await db
    .select({ address: addresses, iso: countries.iso })
    .from(addresses)
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  return rows.map(({ address: a, iso }) => ({
    id: a.id,
    type: a.type,
    firstName: a.firstName,
    lastName: a.lastName,
    contactEmail: a.contactEmail,
    contactPhone: a.contactPhone,
    country: iso ?? "",
    city: a.city,
    street: a.street,
    houseNumber: a.houseNumber,
    zipCode: a.zipCode,
    companyName: a.companyName,
    companyOIB: a.companyOib,
  }));
}

/**
 * Creates an address (id null) or updates one of the user's own; another user's id is
 * "not found", never changed.
 */
export async function saveAddress(userId: number, id: number | null, type: AddressType, input: AddressInput): Promise<number> {
  const db = await getDb();
  const row = await addressRow(db, input, "country");
  if (id === null) return insertAddress(db, userId, type, row);
  const [updated] = await db
    .update(addresses)
    .set({ ...row, type })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!updated) throw addressNotFound();
  return updated.id;
}

const addressNotFound = () =>
  new DomainError("addressNotFound", { message: "Address not found", key: "account.notifications.addressNotFound", status: 404 });

/**
 * Deletes one of the user's own addresses; another user's id is "not found", never touched.
 * Nothing else points at a saved address: orders and carts keep copies of theirs.
 */
export async function deleteAddress(userId: number, id: number): Promise<void> {
  const db = await getDb();
  const [deleted] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!deleted) throw addressNotFound();
}
