import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { deliveryBranches, paymentMethods, type CheckoutAddress } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { guestOfCart } from "~/modules/account/guest.server";
import type { Shopper } from "~/.server/shopper.server";
import { quoteMethods } from "~/modules/cart/cart-delivery.server";
import { deliveryQuotes, loadCartItems } from "~/modules/cart/cart-pricing.server";
import { parcelOf, type NotOfferedReason } from "~/modules/shipping/delivery-price";
import { lookupCart, sessionAfter, type CartRow, type CartSessionChange } from "~/modules/cart/cart-session.server";
import { paymentAvailable } from "~/modules/payment/payment.server";
import { CHECKOUT_STEPS, type CheckoutStep, type DeliveryMethodView, type PaymentMethodView } from "./checkout-fields";
import { checkoutSettings } from "~/modules/site/checkout-settings.server";

/**
 * Who may check out and with which cart (spec §1 checkout settings, §2 Checkout, §5
 * delivery method rules). Loader and action both pass this gate, so the rules hold with
 * or without the page: no cart or an empty one goes back to the cart with a message; a
 * visitor is sent to log in (and comes back) unless guest checkout is on. The gate answers
 * a value; the checkout page turns a refusal into its redirect, the API into its error.
 */
/** Who buys: the signed-in customer, or the guest the cart was attached to. */
export type Buyer = { id: number; email: string; guest: boolean; firstName?: string; lastName?: string };
export type CheckoutContext = {
  locale: Locale;
  cart: CartRow;
  shopper: Buyer | null;
  settings: Awaited<ReturnType<typeof checkoutSettings>>;
};

/** Why the checkout cannot open: off, the cart archived or used, no cart or an empty one, a visitor where guests may not buy. */
export type CheckoutRefusal = "disabled" | "cartGone" | "emptyCart" | "loginRequired";
export type CheckoutGate =
  | { ok: true; checkout: CheckoutContext; cartSession: CartSessionChange }
  | { ok: false; refusal: CheckoutRefusal; cartSession: CartSessionChange };

export async function checkoutGate(shopper: Shopper): Promise<CheckoutGate> {
  const { locale, user } = shopper;
  const db = await getDb();
  const [lookup, settings] = await Promise.all([lookupCart(shopper), checkoutSettings(db)]);
  const cartSession = sessionAfter(lookup);
  const refuse = (refusal: CheckoutRefusal): CheckoutGate => ({ ok: false, refusal, cartSession });
  if (!settings.checkoutEnabled) return refuse("disabled");
  if (lookup.kind === "gone") return refuse("cartGone");
  if (lookup.kind !== "active" || (await loadCartItems(db, lookup.cart.id)).length === 0) return refuse("emptyCart");
  const cart = lookup.cart;
  if (user) {
    const buyer = { id: user.id, email: user.email, guest: false, firstName: user.firstName, lastName: user.lastName };
    return { ok: true, cartSession, checkout: { locale, cart, settings, shopper: buyer } };
  }
  // Registered users only (spec §1): the page sends the visitor to log in, then back.
  if (!settings.guestCheckout) return refuse("loginRequired");
  const guest = await guestOfCart(shopper, cart);
  return { ok: true, cartSession, checkout: { locale, cart, settings, shopper: guest ? { ...guest, guest: true } : null } };
}

/**
 * The delivery methods offered for the cart as it is now (decision 0106), each at its price
 * for this cart (weight, zone, long goods: cart/cart-delivery.server.ts), with its active
 * branches; `withheld` says why the others are not offered. Without a cart (the API asked
 * without a session) every active method is listed at its price for an empty cart.
 */
export type DeliveryChoices = {
  offered: DeliveryMethodView[];
  withheld: { id: number; reason: NotOfferedReason }[];
  weightG: number;
};

export async function deliveryChoices(locale: Locale, cart: CartRow | null): Promise<DeliveryChoices> {
  const db = await getDb();
  const parcel = parcelOf([], null);
  const { parcel: weighed, quotes } = cart ? await deliveryQuotes(db, cart) : { parcel, quotes: await quoteMethods(db, parcel) };
  const offered = quotes.filter((q) => q.quote.offered || !cart);
  const branches = offered.length
    ? await db
        .select()
        .from(deliveryBranches)
        .where(
          and(
            inArray(
              deliveryBranches.deliveryMethodId,
              offered.map((q) => q.method.id),
            ),
            eq(deliveryBranches.active, true),
          ),
        )
        .orderBy(asc(deliveryBranches.position), asc(deliveryBranches.id))
    : [];
  return {
    offered: offered.map(({ method: m, quote }) => ({
      id: m.id,
      name: localized(m.name, locale),
      description: localized(m.description, locale),
      priceCents: quote.offered ? quote.priceCents : m.priceCents,
      options: branches
        .filter((b) => b.deliveryMethodId === m.id)
        .map((b) => ({ id: b.id, name: b.name, address: b.address, kind: b.kind })),
    })),
    withheld: quotes.flatMap((q) => (q.quote.offered || !cart ? [] : [{ id: q.method.id, reason: q.quote.reason }])),
    weightG: weighed.weightG,
  };
}

export async function applicableDeliveryMethods(locale: Locale, cart: CartRow | null): Promise<DeliveryMethodView[]> {
  return (await deliveryChoices(locale, cart)).offered;
}

/**
 * The active payment methods; `available` is false for one whose gateway cannot take
 * payments now (no card provider configured): the page leaves it out and a post of it is
 * refused before anything is written (decision 0031).
 */
export async function applicablePaymentMethods(locale: Locale): Promise<(PaymentMethodView & { gateway: string; available: boolean })[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.siteId, SITE_ID), eq(paymentMethods.active, true)))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id));
  return rows.map((r) => ({
    id: r.id,
    name: localized(r.name, locale),
    description: localized(r.description, locale),
    gateway: r.gateway,
    available: paymentAvailable(r.gateway),
  }));
}

/** Which steps are complete, judged from what the cart holds (a reload or a no-JS shopper continues where they were). */
export function stepsDone(cart: CartRow, methods: DeliveryMethodView[], digitalOnly = false): Record<CheckoutStep, boolean> {
  const address = cart.deliveryAddress !== null && cart.billingAddress !== null;
  const method = methods.find((m) => m.id === cart.deliveryMethodId);
  // E-products only (spec §3 digitalOnly, §1 e-product delivery by link): nothing to ship, the step is skipped (decision 0030).
  const shipping =
    address && (digitalOnly || (!!method && (method.options.length === 0 || method.options.some((o) => o.id === cart.deliveryBranchId))));
  return { address, shipping, payment: false };
}

/** The active step (isStepActive): the one asked for when the steps before it are done, else the first one not done. */
export function activeStep(asked: string | null, done: Record<CheckoutStep, boolean>): CheckoutStep {
  const reachable = (step: CheckoutStep) => CHECKOUT_STEPS.slice(0, CHECKOUT_STEPS.indexOf(step)).every((s) => done[s]);
  if (asked && (CHECKOUT_STEPS as readonly string[]).includes(asked) && reachable(asked as CheckoutStep)) return asked as CheckoutStep;
  return CHECKOUT_STEPS.find((s) => !done[s]) ?? "payment";
}

/** An address snapshot as lines for the summary of a completed step. */
export function addressLines(a: CheckoutAddress | null) {
  if (!a) return null;
  const lines = [
    `${a.firstName} ${a.lastName}`.trim(),
    a.companyName ? `${a.companyName}${a.companyOib ? `, OIB ${a.companyOib}` : ""}` : "",
    `${a.street} ${a.houseNumber}`.trim(),
    `${a.zipCode} ${a.city}`.trim(),
    a.countryName,
    [a.contactEmail, a.contactPhone].filter(Boolean).join(", "),
  ].filter(Boolean);
  return { lines };
}
