import { redirect } from "@remix-run/node";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { deliveryBranches, deliveryMethods, paymentMethods, type CheckoutAddress } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/site/options";
import { setToast } from "~/.server/toast.server";
import { localized } from "~/lib/links";
import { localePrefix, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { guestOfCart } from "~/modules/account/guest.server";
import { getCurrentUser } from "~/modules/account/user.server";
import { loadCartItems } from "~/modules/cart/cart-pricing.server";
import { cookiesFor, lookupCart, type CartRow } from "~/modules/cart/cart-session.server";
import { paymentAvailable } from "~/modules/payment/payment.server";
import { requestLocale } from "~/modules/site/locale.server";
import { CHECKOUT_STEPS, STEP_PARAM, type CheckoutStep, type DeliveryMethodView, type PaymentMethodView } from "./checkout-fields";
import { checkoutSettings } from "./checkout-settings.server";

/**
 * Who may check out and with which cart (spec §1 checkout settings, §2 Checkout, §5
 * delivery method rules). Loader and action both pass this gate, so the rules hold with
 * or without the page: no cart or an empty one goes back to the cart with a message; a
 * visitor is sent to log in (and comes back) unless guest checkout is on.
 */
export type Shopper = { id: number; email: string; guest: boolean; firstName?: string; lastName?: string };
export type CheckoutContext = {
  locale: Locale;
  cart: CartRow;
  shopper: Shopper | null;
  settings: Awaited<ReturnType<typeof checkoutSettings>>;
};

export async function checkoutGate(request: Request): Promise<CheckoutContext> {
  const { locale } = requestLocale(request);
  const db = await getDb();
  const [lookup, user, settings] = await Promise.all([lookupCart(request), getCurrentUser(request), checkoutSettings(db)]);
  const cartPath = href("cart", locale);
  const headers = new Headers();
  for (const cookie of cookiesFor(lookup)) headers.append("Set-Cookie", cookie);
  if (!settings.checkoutEnabled) throw redirect(cartPath, { headers: await setToast({ type: "info", key: "checkout.disabled" }, headers) });
  if (lookup.kind === "gone") {
    throw redirect(localePrefix(locale) || "/", {
      headers: await setToast({ type: "error", key: "core.notifications.cartUpdateError" }, headers),
    });
  }
  if (lookup.kind !== "active" || (await loadCartItems(db, lookup.cart.id)).length === 0) {
    throw redirect(cartPath, { headers: await setToast({ type: "info", key: "checkout.emptyCart" }, headers) });
  }
  const cart = lookup.cart;
  if (user)
    return {
      locale,
      cart,
      settings,
      shopper: { id: user.id, email: user.email, guest: false, firstName: user.firstName, lastName: user.lastName },
    };
  if (!settings.guestCheckout) {
    // Registered users only (spec §1): log in, then back here (a local path, checked by the login's localPath, app/lib/local-path.ts).
    throw redirect(`${href("login", locale)}?redirectTo=${encodeURIComponent(href("checkout", locale))}`, {
      headers: await setToast({ type: "info", key: "checkout.loginRequired" }, headers),
    });
  }
  const guest = await guestOfCart(request, cart);
  return { locale, cart, settings, shopper: guest ? { ...guest, guest: true } : null };
}

export async function applicableDeliveryMethods(locale: Locale): Promise<DeliveryMethodView[]> {
  const db = await getDb();
  const methods = await db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.siteId, SITE_ID), eq(deliveryMethods.active, true)))
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.id));
  const branches = methods.length
    ? await db
        .select()
        .from(deliveryBranches)
        .where(
          and(
            inArray(
              deliveryBranches.deliveryMethodId,
              methods.map((m) => m.id),
            ),
            eq(deliveryBranches.active, true),
          ),
        )
        .orderBy(asc(deliveryBranches.position), asc(deliveryBranches.id))
    : [];
  return methods.map((m) => ({
    id: m.id,
    name: localized(m.name, locale),
    description: localized(m.description, locale),
    priceCents: m.priceCents,
    options: branches.filter((b) => b.deliveryMethodId === m.id).map((b) => ({ id: b.id, name: b.name, address: b.address, kind: b.kind })),
  }));
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
export function activeStep(request: Request, done: Record<CheckoutStep, boolean>): CheckoutStep {
  const asked = new URL(request.url).searchParams.get(STEP_PARAM);
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
