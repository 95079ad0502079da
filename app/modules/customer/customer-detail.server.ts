import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { consentLogs, consents, orders, products, users, wishlistEntries } from "~/.server/db/schema";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { auditTrail } from "~/modules/kernel/audit.server";
import { listAddresses } from "~/modules/account/addresses.server";
import { loadTranslations, pickTranslation } from "~/modules/catalog/product-queries.server";
import { SITE_ID } from "~/modules/kernel/options";
import { customerNotFound } from "./customer-admin.server";

/**
 * The customer detail screen (decision 0040): profile, address book, orders, wishlist,
 * consents and their log, membership card and the audit trail. The GDPR export
 * (customer-gdpr.server.ts) reads the same pieces.
 */
export async function customerProfile(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      guest: users.isGuest,
      memberCardBarcode: users.memberCardBarcode,
      customerGroupId: users.customerGroupId,
      emailVerifiedAt: users.emailVerifiedAt,
      blockedAt: users.blockedAt,
      createdAt: users.createdAt,
      version: users.version,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, false)));
  if (!row) throw customerNotFound();
  return row;
}
export type CustomerProfile = Awaited<ReturnType<typeof customerProfile>>;

/** The customer's orders: placed under their account (a guest's too: a guest is a users row), as the list counts them. */
export const ordersOfCustomer = (userId: number) => and(eq(orders.siteId, SITE_ID), eq(orders.userId, userId));

export async function customerOrders(userId: number) {
  const db = await getDb();
  const rows = await db
    .select({
      id: orders.id,
      slug: orders.slug,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.orderTotalCents,
      currencyLabel: orders.currencyLabel,
    })
    .from(orders)
    .where(ordersOfCustomer(userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function customerWishlist(userId: number, locale: Locale) {
  const db = await getDb();
  const rows = await db
    .select({ productId: wishlistEntries.productId, sku: products.sku, addedAt: wishlistEntries.createdAt })
    .from(wishlistEntries)
    .innerJoin(products, eq(products.id, wishlistEntries.productId))
    .where(eq(wishlistEntries.userId, userId))
    .orderBy(asc(wishlistEntries.createdAt), asc(wishlistEntries.id));
  const texts = await loadTranslations(
    rows.map((r) => r.productId),
    locale,
  );
  return rows.map((row) => ({
    ...row,
    name: pickTranslation(texts, row.productId, locale)?.name ?? row.sku,
    addedAt: row.addedAt.toISOString(),
  }));
}

/**
 * The consent log of the customer's e-mail (every form they accepted consents on) and,
 * from it, the consents they gave: each with the last time it was accepted.
 */
export async function customerConsents(email: string, locale: Locale) {
  const db = await getDb();
  const log = await db
    .select({
      id: consentLogs.id,
      status: consentLogs.status,
      at: consentLogs.statusTimestamp,
      sourceType: consentLogs.sourceType,
      consents: consentLogs.consents,
      userType: consentLogs.userType,
    })
    .from(consentLogs)
    .where(and(eq(consentLogs.siteId, SITE_ID), eq(consentLogs.email, email)))
    .orderBy(desc(consentLogs.statusTimestamp), desc(consentLogs.id));
  const ids = [...new Set(log.flatMap((row) => row.consents))];
  const named = ids.length
    ? await db
        .select({ id: consents.id, uniqueNumber: consents.uniqueNumber, displayName: consents.displayName })
        .from(consents)
        .where(inArray(consents.id, ids))
    : [];
  const given = named
    .map((consent) => ({
      id: consent.id,
      uniqueNumber: consent.uniqueNumber,
      name: localized(consent.displayName, locale),
      // The log is newest first: the first row naming it is the last acceptance.
      lastAcceptedAt: log.find((row) => row.consents.includes(consent.id))!.at.toISOString(),
    }))
    .sort((a, b) => a.uniqueNumber - b.uniqueNumber);
  const numberOf = new Map(named.map((c) => [c.id, c.uniqueNumber]));
  return {
    given,
    log: log.map((row) => ({ ...row, at: row.at.toISOString(), consents: row.consents.map((id) => numberOf.get(id) ?? id) })),
  };
}

/** Everything the detail screen shows. */
export async function customerDetail(id: number, locale: Locale) {
  const profile = await customerProfile(id);
  const [addresses, orderRows, wishlist, consentData, audit] = await Promise.all([
    listAddresses(id),
    customerOrders(id),
    customerWishlist(id, locale),
    customerConsents(profile.email, locale),
    auditTrail("customer", id),
  ]);
  return {
    profile: {
      ...profile,
      emailVerifiedAt: profile.emailVerifiedAt?.toISOString() ?? null,
      blockedAt: profile.blockedAt?.toISOString() ?? null,
      createdAt: profile.createdAt.toISOString(),
    },
    addresses,
    orders: orderRows,
    wishlist,
    consents: consentData,
    audit,
  };
}
