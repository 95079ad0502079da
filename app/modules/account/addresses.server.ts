import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { addresses, countries, stores, type AddressType } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import type { CountryOption, DefaultAddressKind } from "./account-fields";
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

export type SavedAddress = AddressInput & { id: number; type: AddressType; defaultDelivery: boolean; defaultBilling: boolean };

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
    defaultDelivery: a.defaultDelivery,
    defaultBilling: a.defaultBilling,
  }));
}

/** A saved address's typed fields, as a form or the checkout takes them. */
export function addressInputOf({ id: _id, type: _type, defaultDelivery: _d, defaultBilling: _b, ...input }: SavedAddress): AddressInput {
  return input;
}

/** The customer's default delivery and billing addresses (null where none is set). */
export async function defaultAddresses(userId: number): Promise<Record<DefaultAddressKind, SavedAddress | null>> {
  const saved = await listAddresses(userId);
  return { delivery: saved.find((a) => a.defaultDelivery) ?? null, billing: saved.find((a) => a.defaultBilling) ?? null };
}

/**
 * Makes one of the customer's own addresses their default for delivery or billing; the one
 * that was the default before stops being it (the database holds at most one of each). Another
 * user's id is "not found". Deleting the default address leaves the customer without one of
 * that kind: no other address is promoted behind their back (decision 0129).
 */
export async function setDefaultAddress(userId: number, id: number, kind: DefaultAddressKind): Promise<void> {
  const db = await getDb();
  const flag = kind === "delivery" ? addresses.defaultDelivery : addresses.defaultBilling;
  const column = kind === "delivery" ? "defaultDelivery" : "defaultBilling";
  await db.transaction(async (tx) => {
    // The customer's addresses are locked, so that two changes at once cannot both pass the unique index.
    const own = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).for("update");
    if (!own.some((a) => a.id === id)) throw addressNotFound();
    await tx
      .update(addresses)
      .set({ [column]: false })
      .where(and(eq(addresses.userId, userId), eq(flag, true)));
    await tx
      .update(addresses)
      .set({ [column]: true })
      .where(eq(addresses.id, id));
  });
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
 * Nothing else points at a saved address: orders and carts keep copies of theirs. A default
 * address deleted leaves no default of its kind (setDefaultAddress).
 */
export async function deleteAddress(userId: number, id: number): Promise<void> {
  const db = await getDb();
  const [deleted] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!deleted) throw addressNotFound();
}
