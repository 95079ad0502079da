import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { customerGroupPrices, customerGroups, users } from "~/.server/db/schema";
import type { Shopper } from "~/.server/shopper.server";
import type { PriceGroup } from "~/lib/shopper-price";

/**
 * The customer group a shopper's prices come from (decision 0107), as lib/shopper-price.ts
 * reads it. The cart asks by its owner (the signed-in customer it belongs to: sign-out ends
 * the cart session, so nobody else holds it); pages ask by the signed-in shopper. A guest's
 * row or a blocked customer never carries group prices.
 */
async function groupPrices(db: Executor, groupId: number, productIds?: readonly number[]): Promise<PriceGroup | null> {
  const [group] = await db
    .select({ id: customerGroups.id, discountBp: customerGroups.discountBp })
    .from(customerGroups)
    .where(eq(customerGroups.id, groupId));
  if (!group) return null;
  if (productIds && productIds.length === 0) return { ...group, prices: {} };
  const rows = await db
    .select({ productId: customerGroupPrices.productId, priceCents: customerGroupPrices.priceCents })
    .from(customerGroupPrices)
    .where(and(eq(customerGroupPrices.groupId, groupId), productIds ? inArray(customerGroupPrices.productId, [...productIds]) : undefined));
  return { ...group, prices: Object.fromEntries(rows.map((r) => [r.productId, r.priceCents])) };
}

/** The group of the customer `userId` with its fixed prices of `productIds` (all of them when not given), or null. */
export async function priceGroupOfCustomer(db: Executor, userId: number, productIds?: readonly number[]): Promise<PriceGroup | null> {
  const [user] = await db
    .select({ groupId: users.customerGroupId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isGuest, false), eq(users.isBackofficeUser, false), isNull(users.blockedAt)));
  return user?.groupId ? groupPrices(db, user.groupId, productIds) : null;
}

/** The signed-in shopper's group for the pages they browse (product page, lists, search), or null. */
export async function shopperPriceGroup(shopper: Pick<Shopper, "user">): Promise<PriceGroup | null> {
  const groupId = shopper.user?.customerGroupId;
  if (!groupId || shopper.user?.isBackofficeUser) return null;
  return groupPrices(await getDb(), groupId);
}
