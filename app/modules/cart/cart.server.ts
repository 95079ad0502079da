import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { cartItems, carts, products } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError, hasErrorCode } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import { formatPrice } from "~/lib/format";
import type { Shopper } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";
import { invalidQuantity, mergeKey, type CartLine } from "./cart-line.server";
import { cartCustomer, findCoupon, normaliseCouponCode, priceCart } from "./cart-pricing.server";
import { assertStockFor } from "./cart-stock.server";
import { judge, newProtectCode, sessionMissing, type CartRow } from "./cart-session.server";
import type { CouponProblem } from "./cart-totals";
import { INSTRUCTIONS_MAX_LENGTH } from "./cart-form";

/**
 * The cart's changes (spec §4 Cart, §5, §7 Ecommerce cart calls). Each runs in one
 * transaction that first locks the cart row (SELECT … FOR UPDATE), so parallel requests of
 * one shopper queue up instead of losing each other's quantities. Every change needs the
 * session; only adding creates one.
 */

/** A change's outcome: the cart (for the cookies of a new session) and what the shopper is told. */
export type CartChange<T = void> = { cart: CartRow; created: boolean; couponRemoved: boolean; result: T };

export const newItemId = () => randomBytes(12).toString("base64url");

async function lockCart(tx: Executor, shopper: Shopper): Promise<CartRow> {
  const key = shopper.cart;
  if (!key) throw sessionMissing();
  const [row] = await tx.select().from(carts).where(eq(carts.id, key.cartId)).for("update");
  const found = judge(row, key, shopper.locale);
  if (found.kind === "gone") throw found.error;
  if (found.kind !== "active") throw sessionMissing();
  return found.cart;
}

/** A new, empty cart session of the shopper's language (the first add, or the API's getNewCartSession). */
async function insertCart(tx: Executor, shopper: Shopper, owner: NewCartOwner | null): Promise<CartRow> {
  const [cart] = await tx
    .insert(carts)
    .values({
      siteId: SITE_ID,
      protectCode: newProtectCode(),
      locale: shopper.locale,
      userId: owner?.userId ?? null,
      memberCardBarcode: owner?.memberCardBarcode ?? null,
    })
    .returning();
  return cart;
}

/** Spec §7 getNewCartSession: an empty cart session, made as the first add makes one. */
export async function newCartSession(shopper: Shopper, owner: NewCartOwner | null = null): Promise<CartRow> {
  const db = await getDb();
  return db.transaction((tx) => insertCart(tx, shopper, owner));
}

/** Runs `change` on the locked cart; afterwards a coupon the change made invalid is removed (spec §4). */
async function change<T = void>(
  shopper: Shopper,
  run: (tx: Executor, cart: CartRow, created: boolean) => Promise<T>,
  { create = false, owner = null }: { create?: boolean; owner?: NewCartOwner | null } = {},
): Promise<CartChange<T>> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    let cart: CartRow;
    let created = false;
    try {
      cart = await lockCart(tx, shopper);
    } catch (error) {
      // "Adding with no session creates one" (spec §4); a dead session counts as none.
      if (!create || !hasErrorCode(error, "cartSessionMissing")) throw error;
      cart = await insertCart(tx, shopper, owner);
      created = true;
    }
    const result = await run(tx, cart, created);
    let couponRemoved = false;
    if (cart.couponCode) {
      const { totals } = await priceCart(tx, cart);
      if (totals.couponProblem) {
        await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cart.id));
        couponRemoved = true;
      }
    }
    // A cart inserted by this change already has its updatedAt.
    if (!created) await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
    return { cart, created, couponRemoved, result };
  });
}

async function itemOf(tx: Executor, cart: CartRow, itemId: string) {
  const [item] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.id, itemId)));
  // Spec §4: "Removal only when the item is in the cart with qty above 0, else an info message."
  if (!item) throw new DomainError("itemNotInCart", { message: "Item not in cart", key: "core.notifications.itemNotInCart", status: 404 });
  return item;
}

async function itemsMerge(locale: Locale) {
  return (await getSiteContext(locale)).store?.checkoutSettings.itemsMerge ?? true;
}

/**
 * Puts `quantity` of `line` into the cart: onto the identical line when items merge, else a
 * new line; then checks the stock the cart now needs (decision 0074: refused with the
 * number available, the transaction rolls back). Returns the line's id.
 */
async function putLine(tx: Executor, cart: CartRow, line: CartLine, quantity: number, merge: boolean, newCart = false) {
  const id = newItemId();
  const key = merge ? mergeKey(line) : `${mergeKey(line)}#${id}`;
  if (newCart) {
    // The first line of a cart made by this change: nothing to merge with, nothing else needing stock.
    await tx.insert(cartItems).values({ id, cartId: cart.id, ...line, quantity, mergeKey: key });
    await assertStockFor(tx, cart.id, id, 0, [{ id, ...line, quantity }]);
    return id;
  }
  const [same] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.mergeKey, key)));
  if (same) {
    if (same.quantity + quantity > 999) throw invalidQuantity();
    await tx
      .update(cartItems)
      .set({ quantity: same.quantity + quantity })
      .where(eq(cartItems.id, same.id));
    await assertStockFor(tx, cart.id, same.id, same.quantity);
    return same.id;
  }
  await tx.insert(cartItems).values({ id, cartId: cart.id, ...line, quantity, mergeKey: key });
  await assertStockFor(tx, cart.id, id, 0);
  return id;
}

/** Who a new cart belongs to: a signed-in customer's cart is theirs and starts with their saved member card, so they need not type it again. */
export type NewCartOwner = { userId: number; memberCardBarcode: string | null };

export async function addToCart(shopper: Shopper, line: CartLine, quantity: number, owner: NewCartOwner | null = null) {
  const merge = await itemsMerge(shopper.locale);
  return change(shopper, (tx, cart, created) => putLine(tx, cart, line, quantity, merge, created), { create: true, owner });
}

/**
 * Sets a line's quantity (the cart page) or, from the product page's cart-item edit mode,
 * its variant and options too: the same line is updated, or merged into an identical one.
 */
export async function updateCartItem(shopper: Shopper, itemId: string, quantity: number, line?: CartLine) {
  const merge = await itemsMerge(shopper.locale);
  return change(shopper, async (tx, cart) => {
    const item = await itemOf(tx, cart, itemId);
    if (!line) {
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, item.id));
      await assertStockFor(tx, cart.id, item.id, 0);
      return;
    }
    const key = merge ? mergeKey(line) : item.mergeKey;
    const [same] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.mergeKey, key)));
    if (!same || same.id === item.id) {
      // The line keeps its id, so links to it (?cartItemId) stay valid.
      await tx
        .update(cartItems)
        .set({ ...line, quantity, mergeKey: key })
        .where(eq(cartItems.id, item.id));
      await assertStockFor(tx, cart.id, item.id, 0);
      return;
    }
    // Edited into a copy of another line: the two merge.
    await tx.delete(cartItems).where(eq(cartItems.id, item.id));
    await putLine(tx, cart, line, quantity, merge);
  });
}

export function removeCartItem(shopper: Shopper, itemId: string) {
  return change(shopper, async (tx, cart) => {
    const item = await itemOf(tx, cart, itemId);
    await tx.delete(cartItems).where(eq(cartItems.id, item.id));
    const [product] = await tx.select({ format: products.format }).from(products).where(eq(products.id, item.productId));
    return product?.format === "bundle" ? ("bundle" as const) : ("product" as const);
  });
}

/** Spec §4: "Clearing does nothing if the cart is empty or has no session." */
export async function clearCart(shopper: Shopper) {
  if (!shopper.cart) return null;
  return change(shopper, async (tx, cart) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    // An empty cart keeps no coupon.
    await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cart.id));
    cart.couponCode = null;
  });
}

/** Why a coupon does not apply; the problem's name is the error's code ("couponNotFound"). */
const COUPON_PROBLEMS: Record<CouponProblem, { message: string; key: string }> = {
  notFound: { message: "Coupon not found!", key: "core.notifications.couponNotFound" },
  notValidNow: { message: "Coupon is not valid", key: "cart.coupon.notValidNow" },
  usedUp: { message: "Coupon usage limit reached", key: "cart.coupon.usedUp" },
  customerUsedUp: { message: "Coupon already used by this customer", key: "cart.coupon.customerUsedUp" },
  minCartValue: { message: "Cart value below the coupon minimum", key: "cart.coupon.minCartValue" },
  noEligibleItems: { message: "No items the coupon applies to", key: "cart.coupon.noEligibleItems" },
};
const couponCode = (problem: CouponProblem) => `coupon${problem[0].toUpperCase()}${problem.slice(1)}`;

/** Spec §4 Coupon: required; applied only when it applies to this cart now, else the error says why. */
export async function applyCoupon(shopper: Shopper, rawCode: FormDataEntryValue | null) {
  const code = typeof rawCode === "string" ? normaliseCouponCode(rawCode) : "";
  if (!code) throw new DomainError("couponCodeRequired", { message: "Coupon code required", key: "core.validation.required" });
  if (code.length > 64) throw new DomainError(couponCode("notFound"), { ...COUPON_PROBLEMS.notFound, status: 404 });
  return change(shopper, async (tx, cart) => {
    const coupon = await findCoupon(tx, code, cartCustomer(cart));
    if (!coupon || !coupon.active) throw new DomainError(couponCode("notFound"), { ...COUPON_PROBLEMS.notFound, status: 404 });
    const { totals } = await priceCart(tx, cart, { coupon });
    if (totals.couponProblem) {
      const { currency } = await getSiteContext(cart.locale as Locale);
      throw new DomainError(couponCode(totals.couponProblem), {
        ...COUPON_PROBLEMS[totals.couponProblem],
        values: { amount: formatPrice(coupon.minCartCents, currency, cart.locale as Locale) },
      });
    }
    await tx.update(carts).set({ couponCode: coupon.code }).where(eq(carts.id, cart.id));
    cart.couponCode = coupon.code;
  });
}

export function removeCoupon(shopper: Shopper) {
  return change(shopper, async (tx, cart) => {
    await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cart.id));
    cart.couponCode = null;
  });
}

/** The instructions textarea (spec §2 Cart), kept with the cart for the order. */
export function saveInstructions(shopper: Shopper, raw: FormDataEntryValue | null) {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text.length > INSTRUCTIONS_MAX_LENGTH) {
    throw new DomainError("instructionsTooLong", {
      message: "Instructions too long",
      key: "core.validation.maxLength",
      values: { length: INSTRUCTIONS_MAX_LENGTH },
    });
  }
  return change(shopper, async (tx, cart) => {
    await tx.update(carts).set({ instructions: text }).where(eq(carts.id, cart.id));
  });
}

/** Sets (or with null clears) the member card whose prices the cart uses; the card was validated by the caller. */
export function setCartMemberCard(shopper: Shopper, barcode: string | null) {
  return change(shopper, async (tx, cart) => {
    await tx.update(carts).set({ memberCardBarcode: barcode }).where(eq(carts.id, cart.id));
    cart.memberCardBarcode = barcode;
  });
}
