import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { cartItems, carts, coupons, orders, productCustomOptions, products, users } from "~/.server/db/schema";
import { lengthInMm } from "~/modules/catalog/length";
import { FREE_DELIVERY_OPTION, SITE_ID } from "~/modules/kernel/options";
import type { Locale } from "~/lib/locales";
import { getSiteContext } from "~/modules/site/site.server";
import type { CartRow } from "./cart-session.server";
import type { Parcel } from "~/modules/shipping/delivery-price";
import { cartParcel, quoteMethods, type MethodQuote } from "./cart-delivery.server";
import { computeTotals, type Totals, type TotalsCoupon } from "./cart-totals";
import { chargesVat } from "./vat-rule";
import { checkoutSettings } from "~/modules/site/checkout-settings.server";
import { priceGroupOfCustomer } from "~/modules/customer-group/group-pricing.server";
import { groupOffer } from "~/lib/shopper-price";

/**
 * Feeds the totals engine (cart-totals.ts) from the database: today's prices of the lines
 * (the variant's for a configurable product), the cart's coupon, member card, the customer
 * group of the cart's owner (decision 0107), delivery method and the shop's free-delivery limit. Used by the cart page and by every change
 * that must re-check the coupon.
 */
export type CartItemRow = typeof cartItems.$inferSelect;
export type PricedCart = { items: CartItemRow[]; totals: Totals; couponCode: string | null; digitalOnly: boolean };

export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

export function loadCartItems(db: Executor, cartId: number) {
  return db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/**
 * Whose orders a per-customer coupon limit counts (decision 0049): the signed-in user,
 * else the order's e-mail (a guest). Null while the cart does not know yet.
 */
export type CouponCustomer = { userId: number } | { email: string };

/** The customer a cart belongs to so far: its signed-in owner, else the e-mail of the checkout's address. */
export function cartCustomer(cart: Pick<CartRow, "userId" | "billingAddress" | "deliveryAddress">): CouponCustomer | null {
  if (cart.userId) return { userId: cart.userId };
  const email = cart.billingAddress?.contactEmail || cart.deliveryAddress?.contactEmail;
  return email ? { email } : null;
}

/** The customer's orders with this coupon code that still count (every status but cancelled). */
export async function couponUsesBy(db: Executor, code: string, customer: CouponCustomer): Promise<number> {
  if ("userId" in customer) {
    // A guest's user row (the guest step attaches it to the cart) counts by its e-mail.
    const [user] = await db.select({ email: users.email, isGuest: users.isGuest }).from(users).where(eq(users.id, customer.userId));
    if (user?.isGuest) customer = { email: user.email };
  }
  const who = "userId" in customer ? eq(orders.userId, customer.userId) : sql`lower(${orders.email}) = ${customer.email.toLowerCase()}`;
  const [{ uses }] = await db
    .select({ uses: count() })
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.couponCode, normaliseCouponCode(code)), ne(orders.status, "cancelled"), who));
  return uses;
}

/** The coupon with this code; with a customer, also how often they used it (when it limits that). */
export async function findCoupon(db: Executor, code: string, customer: CouponCustomer | null = null): Promise<TotalsCoupon | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.siteId, SITE_ID), eq(coupons.code, normaliseCouponCode(code))));
  if (!row) return null;
  const customerUses = customer && row.perCustomerLimit !== null ? await couponUsesBy(db, row.code, customer) : null;
  return { ...row, customerUses };
}

/**
 * Takes off the cart a coupon that no longer applies to it (a change made it invalid, or
 * the customer became known and used it up); true when it did. Inside the caller's
 * transaction, on the locked cart.
 */
export async function dropInvalidCoupon(tx: Executor, cart: CartRow): Promise<boolean> {
  if (!cart.couponCode) return false;
  const { totals } = await priceCart(tx, cart);
  if (!totals.couponProblem) return false;
  await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cart.id));
  cart.couponCode = null;
  return true;
}

/** Spec §7 getFreeDeliveryAmount/{currencyId}: the limit in cents for the shop's currency, or none. */
export async function freeDeliveryCents(locale: Locale): Promise<number | null> {
  const ctx = await getSiteContext(locale);
  const byCurrency = ctx.options[FREE_DELIVERY_OPTION] as Record<string, number> | null | undefined;
  const value = byCurrency?.[String(ctx.currency.id)];
  return typeof value === "number" && value >= 0 ? value : null;
}

/**
 * How each line is sold (decision 0028): by the main product's price unit; a product sold
 * per running metre takes the length from its length option's value (mm, cm or m). Item id
 * → millimetres, or null for a line sold per piece.
 */
export async function lineLengths(db: Executor, items: CartItemRow[]): Promise<Map<string, number | null>> {
  const ids = [...new Set(items.map((i) => i.productId))];
  const [units, lengthOptions] = ids.length
    ? await Promise.all([
        db.select({ id: products.id, priceUnit: products.priceUnit }).from(products).where(inArray(products.id, ids)),
        db
          .select({ productId: productCustomOptions.productId, code: productCustomOptions.code, unit: productCustomOptions.unit })
          .from(productCustomOptions)
          .where(and(inArray(productCustomOptions.productId, ids), eq(productCustomOptions.isLength, true))),
      ])
    : [[], []];
  const perMetre = new Set(units.filter((u) => u.priceUnit === "metre").map((u) => u.id));
  return new Map(
    items.map((item) => {
      if (!perMetre.has(item.productId)) return [item.id, null];
      const option = lengthOptions.find((o) => o.productId === item.productId);
      const value = option ? item.options.personalizations[option.code] : undefined;
      // A line stored without its length (the option added later) is refused at the add
      // and the update; here it counts as one metre rather than as nothing.
      return [item.id, option ? (lengthInMm(value, option.unit) ?? 1000) : 1000];
    }),
  );
}

export async function priceCart(db: Executor, cart: CartRow, { coupon }: { coupon?: TotalsCoupon | null } = {}): Promise<PricedCart> {
  const items = await loadCartItems(db, cart.id);
  // Prices are read from the charged product (the variant of a configurable one); the format from the main product.
  const ids = [...new Set(items.flatMap((i) => [i.variantId ?? i.productId, i.productId]))];
  const [prices, lengths, couponRow, freeDelivery, settings, group] = await Promise.all([
    ids.length
      ? db
          .select({
            id: products.id,
            price: products.priceCents,
            membership: products.membershipPriceCents,
            taxRateBp: products.taxRateBp,
            format: products.format,
          })
          .from(products)
          .where(inArray(products.id, ids))
      : Promise.resolve([]),
    lineLengths(db, items),
    coupon !== undefined
      ? Promise.resolve(coupon)
      : cart.couponCode
        ? findCoupon(db, cart.couponCode, cartCustomer(cart))
        : Promise.resolve(null),
    freeDeliveryCents(cart.locale as Locale),
    checkoutSettings(db),
    cart.userId && ids.length ? priceGroupOfCustomer(db, cart.userId, ids) : Promise.resolve(null),
  ]);
  const byId = new Map(prices.map((p) => [p.id, p]));
  // Spec §3 Cart digitalOnly, §1 "e-product delivery by link": nothing to deliver, no delivery charged (decision 0030).
  const digitalOnly = items.length > 0 && items.every((i) => byId.get(i.productId)?.format === "e-product");
  const delivery = digitalOnly ? null : await chosenDelivery(db, cart, items, lengths);
  const codeSet = coupon !== undefined ? (coupon?.code ?? null) : cart.couponCode;
  const totals = computeTotals({
    lines: items.map((item) => {
      const price = byId.get(item.variantId ?? item.productId)!;
      const productIds = item.variantId ? [item.productId, item.variantId] : [item.productId];
      return {
        itemId: item.id,
        productIds,
        quantity: item.quantity,
        priceCents: price.price,
        membershipCents: price.membership,
        groupCents: groupOffer(price.price, productIds, group),
        taxRateBp: price.taxRateBp,
        lengthMm: lengths.get(item.id) ?? null,
      };
    }),
    membership: cart.memberCardBarcode !== null,
    // A code set on the cart that no longer exists counts as a coupon that does not apply.
    coupon: couponRow ?? (codeSet ? missingCoupon(codeSet) : null),
    delivery: digitalOnly ? null : delivery,
    freeDeliveryCents: digitalOnly ? null : freeDelivery,
    // No loyalty programme is configured for the built-in store (stores.loyalty is empty):
    // the line is shown, at zero, as the spec's summary lists it.
    loyaltyCents: 0,
    now: new Date(),
    // Where the goods go decides the VAT (an e-product "goes" to the buyer's address).
    vatCharged: chargesVat((digitalOnly ? cart.billingAddress : cart.deliveryAddress)?.countryIso, {
      vatOutsideEu: settings.vatOutsideEu === true,
    }),
  });
  return { items, totals, couponCode: codeSet, digitalOnly };
}

/**
 * The chosen method's price for this cart (decision 0106); null when none is chosen or the
 * chosen one is not offered for the cart any more (heavier now, another country): checkout
 * then asks for a method again and the order is refused.
 */
async function chosenDelivery(db: Executor, cart: CartRow, items: CartItemRow[], lengths: Map<string, number | null>) {
  if (!cart.deliveryMethodId) return null;
  const parcel = await cartParcel(db, items, lengths, cart.deliveryAddress?.countryIso ?? null);
  const chosen = (await quoteMethods(db, parcel)).find((q) => q.method.id === cart.deliveryMethodId);
  return chosen?.quote.offered ? { priceCents: chosen.quote.priceCents, taxRateBp: chosen.method.taxRateBp } : null;
}

/** Every active delivery method with its quote for the cart as it is now (checkout's list, its refusals, the API). */
export async function deliveryQuotes(db: Executor, cart: CartRow): Promise<{ parcel: Parcel; quotes: MethodQuote[] }> {
  const items = await loadCartItems(db, cart.id);
  const parcel = await cartParcel(db, items, await lineLengths(db, items), cart.deliveryAddress?.countryIso ?? null);
  return { parcel, quotes: await quoteMethods(db, parcel) };
}

const missingCoupon = (code: string): TotalsCoupon => ({
  code,
  type: "fixed",
  value: 1,
  minCartCents: 0,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  usedCount: 0,
  perCustomerLimit: null,
  productIds: [],
  active: false,
});
