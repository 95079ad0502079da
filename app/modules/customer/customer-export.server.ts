import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import {
  accountTokens,
  cartItems,
  carts,
  comments,
  formSubmissions,
  newsletterSubscribers,
  orderItems,
  orders,
  priceEnquiries,
} from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { listAddresses } from "~/modules/account/addresses.server";
import { SITE_ID } from "~/modules/kernel/options";
import { customerConsents, customerProfile, customerWishlist, ordersOfCustomer } from "./customer-detail.server";

/**
 * GDPR access (GDPR art. 15 and 20, decision 0040): everything the shop keeps about one
 * customer, as JSON the admin hands over. What belongs to them is what their account
 * holds and what was sent with their e-mail (enquiries, form submissions, the newsletter
 * sign-up, the consent log). The export itself is audited (who took a copy, when); the
 * audit row holds no personal data.
 */
export async function exportCustomerData(staff: Staff, id: number, locale: Locale) {
  const db = await getDb();
  const profile = await customerProfile(id);
  const { version: _version, ...profileData } = profile;
  const email = profile.email;
  const [addresses, orderRows, wishlist, consentData, enquiries, submissions, newsletter, commentRows, cartRows, tokens] =
    await Promise.all([
      listAddresses(id),
      db.select().from(orders).where(ordersOfCustomer(id)).orderBy(asc(orders.createdAt), asc(orders.id)),
      customerWishlist(id, locale),
      customerConsents(email, locale),
      db
        .select()
        .from(priceEnquiries)
        .where(and(eq(priceEnquiries.siteId, SITE_ID), eq(priceEnquiries.email, email)))
        .orderBy(asc(priceEnquiries.id)),
      db
        .select()
        .from(formSubmissions)
        .where(and(eq(formSubmissions.siteId, SITE_ID), eq(formSubmissions.email, email)))
        .orderBy(asc(formSubmissions.id)),
      db
        .select()
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.siteId, SITE_ID), eq(newsletterSubscribers.email, email))),
      db.select().from(comments).where(eq(comments.userId, id)).orderBy(asc(comments.id)),
      db.select().from(carts).where(eq(carts.userId, id)).orderBy(asc(carts.id)),
      db
        .select({
          purpose: accountTokens.purpose,
          createdAt: accountTokens.createdAt,
          expiresAt: accountTokens.expiresAt,
          usedAt: accountTokens.usedAt,
        })
        .from(accountTokens)
        .where(eq(accountTokens.userId, id)),
    ]);
  const lines = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.position))
    : [];
  const items = cartRows.length
    ? await db
        .select()
        .from(cartItems)
        .where(
          inArray(
            cartItems.cartId,
            cartRows.map((c) => c.id),
          ),
        )
        .orderBy(asc(cartItems.createdAt))
    : [];
  await recordAudit(db, staff, { entity: "customer", entityId: id, action: "export" });
  return {
    exportedAt: new Date().toISOString(),
    profile: profileData,
    addresses,
    orders: orderRows.map((order) => ({ ...order, lines: lines.filter((line) => line.orderId === order.id) })),
    wishlist,
    consents: consentData.given,
    consentLog: consentData.log,
    priceEnquiries: enquiries.map(({ mailId: _mail, consentLogId: _log, ...enquiry }) => enquiry),
    formSubmissions: submissions.map(({ mailId: _mail, consentLogId: _log, ...submission }) => submission),
    newsletter: newsletter.map(({ tokenHash: _hash, ...subscription }) => subscription),
    comments: commentRows,
    // A cart's protect code is a secret of the shopper's browser session, not their data.
    carts: cartRows.map(({ protectCode: _code, ...cart }) => ({ ...cart, items: items.filter((item) => item.cartId === cart.id) })),
    accountTokens: tokens,
  };
}
