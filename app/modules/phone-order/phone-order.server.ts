import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { carts, orders, users, type HeldFor } from "~/.server/db/schema";
import { DomainError, isDomainError } from "~/.server/domain-error";
import type { Shopper } from "~/.server/shopper.server";
import { isLocale, type Locale } from "~/lib/locales";
import { listAddresses } from "~/modules/account/addresses.server";
import { registerGuest } from "~/modules/account/guest.server";
import { newProtectCode, type CartRow } from "~/modules/cart/cart-session.server";
import { savedMemberCard } from "~/modules/cart/member-card.server";
import type { CheckoutContext } from "~/modules/checkout/checkout.server";
import { customerListQuery, listCustomers } from "~/modules/customer/customer-list.server";
import { recordAudit } from "~/modules/kernel/audit.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkoutSettings } from "~/modules/site/checkout-settings.server";

/**
 * A phone order (decision 0109): a backoffice user builds a cart on a customer's behalf and
 * places it through checkout's own path. The cart is a row like any shopper's, held by
 * the staff member (carts.heldByStaffId): the customer's sign-in never restores or merges
 * it, and no cookie of anyone points at it. It belongs to the customer (userId), so their
 * prices, member card and per-customer coupon limits apply as at checkout.
 */
/** The refusal of a form's service at `field` when it names none of its own. */
export function atField(error: unknown, field: string): unknown {
  if (!isDomainError(error) || error.field) return error;
  return new DomainError(error.code, { message: error.message, key: error.key, status: error.status, values: error.values, field });
}

export const phoneOrderNotFound = () =>
  new DomainError("phoneOrderNotFound", { message: "Phone order not found", key: "adminOrders.phone.notFound", status: 404 });

/** Registered customers and earlier guests matching the search, the blocked left out (they may not order). */
export async function searchCustomers(q: string | undefined) {
  if (!q) return [];
  const query = customerListQuery.parse({ q, blocked: "no", sort: "name", dir: "asc" });
  return (await listCustomers(query)).rows;
}

/** Starts a phone order for an existing customer: their language (of their last order), member card and name. */
export async function startForCustomer(staff: Staff, customerId: number): Promise<number> {
  const db = await getDb();
  const [customer] = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, SITE_ID), eq(users.id, customerId), eq(users.isBackofficeUser, false), isNull(users.blockedAt)));
  if (!customer)
    throw new DomainError("customerNotFound", {
      message: "Customer not found",
      key: "adminOrders.phone.customerMissing",
      status: 404,
      field: "customerId",
    });
  const [last] = await db
    .select({ locale: orders.locale })
    .from(orders)
    .where(eq(orders.userId, customer.id))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const locale: Locale = last && isLocale(last.locale) ? last.locale : "hr";
  const phone = (await listAddresses(customer.id)).find((a) => a.contactPhone)?.contactPhone ?? "";
  const memberCard = await savedMemberCard(customer.memberCardBarcode, locale);
  const heldFor: HeldFor = { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone };
  return db.transaction(async (tx) => {
    const [cart] = await tx
      .insert(carts)
      .values({
        siteId: SITE_ID,
        protectCode: newProtectCode(),
        locale,
        userId: customer.id,
        memberCardBarcode: memberCard,
        heldByStaffId: staff.id,
        heldFor,
      })
      .returning();
    await recordAudit(tx, staff, {
      entity: "cart",
      entityId: cart.id,
      action: "phoneOrderStarted",
      after: { userId: customer.id, ...heldFor },
    });
    return cart.id;
  });
}

/**
 * Starts a phone order for a customer without an account: the e-mail becomes a guest, as a
 * guest checkout's does (an e-mail of an account is refused: search for the customer instead).
 */
export async function startForNewCustomer(staff: Staff, heldFor: HeldFor): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [cart] = await tx
      .insert(carts)
      .values({ siteId: SITE_ID, protectCode: newProtectCode(), locale: "hr", heldByStaffId: staff.id, heldFor })
      .returning();
    const { guest } = await registerGuest(tx, cart.id, heldFor.email).catch((error: unknown) => {
      if (isDomainError(error) && error.code === "accountExists")
        throw new DomainError("accountExists", {
          message: "Account exists",
          key: "adminOrders.phone.accountExists",
          status: 409,
          field: "email",
        });
      throw atField(error, "email");
    });
    await recordAudit(tx, staff, {
      entity: "cart",
      entityId: cart.id,
      action: "phoneOrderStarted",
      after: { userId: guest.id, ...heldFor },
    });
    return cart.id;
  });
}

/**
 * The held cart a phone order page works on, as the shop's services want it: a Shopper holding
 * its session (the cart's own key, never the staff member's cookies) and checkout's context
 * with the customer as the buyer. A placed, discarded or unknown one is a 404.
 */
export type HeldCart = { cart: CartRow & { heldFor: HeldFor }; shopper: Shopper; checkout: CheckoutContext };

export async function heldCart(cartId: number): Promise<HeldCart> {
  const db = await getDb();
  const [cart] = await db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.siteId, SITE_ID),
        eq(carts.id, cartId),
        isNotNull(carts.heldByStaffId),
        eq(carts.status, "active"),
        isNull(carts.usedAt),
      ),
    );
  if (!cart || !cart.heldFor || !isLocale(cart.locale)) throw phoneOrderNotFound();
  const [customer] = cart.userId
    ? await db.select({ id: users.id, email: users.email, isGuest: users.isGuest }).from(users).where(eq(users.id, cart.userId))
    : [];
  const locale = cart.locale;
  const shopper: Shopper = {
    locale,
    localeSwitched: false,
    sessionId: null,
    user: null,
    wishlist: [],
    commentedOn: [],
    cart: { cartId: cart.id, protectCode: cart.protectCode },
    cartKeySent: true,
    memberCard: null,
    guestEmail: null,
    guestWishlist: [],
  };
  const buyer = customer ? { id: customer.id, email: customer.email, guest: customer.isGuest } : null;
  const checkout: CheckoutContext = { locale, cart, shopper: buyer, settings: await checkoutSettings(db) };
  return { cart: { ...cart, heldFor: cart.heldFor }, shopper, checkout };
}

/** "Odustani": the held cart is archived (nothing was placed, nothing taken) and the audit log says who gave it up. */
export async function discardPhoneOrder(staff: Staff, held: HeldCart) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(carts).where(eq(carts.id, held.cart.id)).for("update");
    if (!locked || locked.status !== "active" || locked.usedAt) throw phoneOrderNotFound();
    await tx.update(carts).set({ status: "archived" }).where(eq(carts.id, locked.id));
    await recordAudit(tx, staff, { entity: "cart", entityId: locked.id, action: "phoneOrderDiscarded", before: { status: "active" } });
  });
}
