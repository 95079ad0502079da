import { clearCache, namedCache } from "./cache.server";

/**
 * What a kept page for customers fills in for a signed-in customer (decision 0135), kept per
 * session for a minute so that a customer's pages cost no database statement: their name,
 * e-mail, kept products and commented entities, or null when the page cannot be theirs (a
 * backoffice user, a group's member, a session without a customer). Only the page cache's
 * customer path reads it, and only to fill a page: every other page, and every action, reads
 * the session afresh. Whatever changes it clears it (`customersChanged`): the session's own
 * changes (sign-in, sign-out, sessions ended), the wishlist, the profile, a comment, and the
 * backoffice's block, group, staff and erasure; any content change clears it too (a derived
 * cache), and what a clear races with is not kept (the cache's generation).
 */
export type CustomerView = { firstName: string; email: string; wishlist: number[]; commentedOn: string[] };

const CUSTOMER_VIEWS = "customer-views";
export const customerViews = namedCache<CustomerView | null>(CUSTOMER_VIEWS, { ttlSeconds: 60, max: 5000, derived: true });

/** After a write that changes what a customer's kept page shows them (see above). */
export async function customersChanged(): Promise<void> {
  await clearCache(CUSTOMER_VIEWS);
}
