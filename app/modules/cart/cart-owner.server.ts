import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { cartItems, carts, users } from "~/.server/db/schema";
import { savedMemberCard } from "./member-card.server";
import type { Shopper } from "~/.server/shopper.server";
import { newItemId } from "./cart.server";
import { lookupCart, sessionAfter, type CartSessionChange } from "./cart-session.server";

/**
 * The cart across sign-in and sign-out (spec §4 Auth: login fetches "the abandoned cart
 * session"; "Logout clears the cart session").
 *
 * At sign-in the visitor's current cart becomes the user's; the user's other active carts
 * of this language (left behind on another device or before a sign-out) are merged into
 * it, identical lines adding up (capped at 999), and archived. Without a current cart the
 * user's latest active cart is restored: its session is returned (undefined: keep the
 * current one, null: clear a dead one).
 */
export async function claimCartAtLogin(shopper: Shopper, userId: number): Promise<CartSessionChange> {
  const lookup = await lookupCart(shopper);
  const { locale } = shopper;
  const db = await getDb();
  // The member card saved on the profile applies to the cart the customer ends up with
  // when that cart has none, so it is not typed again; one they applied themselves stays.
  const [user] = await db.select({ barcode: users.memberCardBarcode }).from(users).where(eq(users.id, userId));
  const card = await savedMemberCard(user?.barcode, locale);
  const withCard = async (cartId: number) => {
    if (card)
      await db
        .update(carts)
        .set({ memberCardBarcode: card })
        .where(and(eq(carts.id, cartId), isNull(carts.memberCardBarcode)));
  };
  const abandoned = (except?: number) =>
    and(
      eq(carts.userId, userId),
      eq(carts.status, "active"),
      isNull(carts.usedAt),
      eq(carts.locale, locale),
      // A cart staff build for the customer on the phone is the backoffice's until placed (decision 0109).
      isNull(carts.heldByStaffId),
      except ? ne(carts.id, except) : undefined,
    );

  if (lookup.kind !== "active") {
    const [latest] = await db.select().from(carts).where(abandoned()).orderBy(desc(carts.updatedAt)).limit(1);
    if (latest) await withCard(latest.id);
    return latest ? { cartId: latest.id, protectCode: latest.protectCode } : sessionAfter(lookup);
  }
  const current = lookup.cart;
  await db.transaction(async (tx) => {
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, current.id)).for("update");
    await tx.update(carts).set({ userId }).where(eq(carts.id, current.id));
    const others = await tx.select({ id: carts.id }).from(carts).where(abandoned(current.id)).for("update");
    if (!others.length) return;
    const ids = others.map((c) => c.id);
    const lines = await tx.select().from(cartItems).where(inArray(cartItems.cartId, ids));
    // Identical lines of several carts go in as one row: one statement may not update a row twice.
    const byKey = new Map<string, (typeof lines)[number]>();
    for (const line of lines) {
      const same = byKey.get(line.mergeKey);
      byKey.set(line.mergeKey, same ? { ...same, quantity: Math.min(999, same.quantity + line.quantity) } : line);
    }
    if (byKey.size) {
      await tx
        .insert(cartItems)
        .values([...byKey.values()].map(({ id: _id, createdAt: _at, ...line }) => ({ ...line, id: newItemId(), cartId: current.id })))
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.mergeKey],
          set: { quantity: sql`least(999, ${cartItems.quantity} + excluded.quantity)` },
        });
    }
    await tx.update(carts).set({ status: "archived" }).where(inArray(carts.id, ids));
  });
  await withCard(current.id);
  return undefined;
}

/** The cart session after sign-out: ended (null) when the shopper held one. */
export function cartSessionAtLogout(shopper: Shopper): CartSessionChange {
  return shopper.cartKeySent ? null : undefined;
}
