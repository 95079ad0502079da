import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { stores, type CheckoutSettings } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";

/** Spec §1 built-in checkout settings: enabled, registered users only, no guest checkout, all countries. */
export const DEFAULT_CHECKOUT: Pick<CheckoutSettings, "checkoutEnabled" | "registeredUsersOnly" | "guestCheckout" | "allowedCountries"> = {
  checkoutEnabled: true,
  registeredUsersOnly: true,
  guestCheckout: false,
  allowedCountries: ["ALL"],
};

/**
 * The store's checkout settings, read fresh (not from the site-context cache): an owner
 * switching guest checkout on or off takes effect at the next request.
 */
export async function checkoutSettings(db: Executor) {
  const [store] = await db
    .select({ settings: stores.checkoutSettings })
    .from(stores)
    .where(eq(stores.siteId, SITE_ID))
    .orderBy(asc(stores.id))
    .limit(1);
  return { ...DEFAULT_CHECKOUT, ...(store?.settings ?? {}) };
}
