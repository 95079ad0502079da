import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { carts, type CheckoutAddress } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { BILLING, DELIVERY, type CountryOption } from "~/modules/account/account-fields";
import type { AddressInput } from "~/modules/account/account.schema";
import { addressFields, allowedCountries, listAddresses } from "~/modules/account/addresses.server";
import { registerGuest } from "~/modules/account/guest.server";
import { dropInvalidCoupon } from "~/modules/cart/cart-pricing.server";
import { cartArchived, sessionUsed, type CartRow } from "~/modules/cart/cart-session.server";
import { NEW_ADDRESS, SAVED_ADDRESS_FIELD } from "./checkout-fields";
import type { AddressStepValue, ShippingStepValue } from "./checkout.schema";
import type { CheckoutContext } from "./checkout.server";
import { deliveryChoices } from "./checkout.server";

/**
 * The first two checkout steps and the guest e-mail (spec §2 Checkout, §3 Shipping form,
 * §5 address and delivery method rules). Each one re-reads the cart under a row lock,
 * writes the step onto it and never anything else; a refusal changes nothing.
 */
/** Message keys by posted field name ("delivery.country", "methodId", "form"). */
export type StepFieldErrors = Record<string, string>;

export class StepErrors extends Error {
  constructor(readonly errors: StepFieldErrors) {
    super("Checkout step refused");
  }
}

async function onLockedCart<T>(cartId: number, run: (tx: Executor, cart: CartRow) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
    if (cart.status === "archived") throw cartArchived();
    if (cart.usedAt) throw sessionUsed();
    return run(tx, cart);
  });
}

export async function saveGuestStep(ctx: CheckoutContext, email: string) {
  if (!ctx.settings.guestCheckout)
    throw new DomainError("guestCheckoutOff", { message: "Guest checkout is off", key: "checkout.loginRequired", status: 403 });
  return onLockedCart(ctx.cart.id, (tx, cart) => registerGuest(tx, cart.id, email));
}

/** A typed address as the cart and the order keep it; a missing or not allowed country is refused at `field`. */
export function addressSnapshot(input: AddressInput, countries: CountryOption[], field: string): CheckoutAddress {
  const country = countries.find((c) => c.iso === input.country);
  // Checkout needs a country to deliver to, and only an allowed one (spec §5 allowedCountries).
  if (!country) throw new StepErrors({ [field]: input.country ? "account.validation.country" : "core.validation.required" });
  return { ...addressFields(input), countryIso: country.iso, countryName: country.name };
}

/** The delivery address: one of the customer's saved addresses or the typed form; billing the same (a copy) or its own form. */
export async function saveAddressStep(ctx: CheckoutContext, input: AddressStepValue) {
  if (!ctx.shopper) throw new DomainError("noActiveUser", { message: "No active user", key: "checkout.guest.noActiveUser", status: 401 });
  const countries = await allowedCountries(await getDb());
  const errors: StepFieldErrors = {};
  let delivery: CheckoutAddress | null = null;
  const saved = input[SAVED_ADDRESS_FIELD];
  if (saved !== NEW_ADDRESS) {
    // A guest has no saved addresses: any id they post is not theirs.
    const own = ctx.shopper.guest ? undefined : (await listAddresses(ctx.shopper.id)).find((a) => String(a.id) === saved);
    if (!own)
      throw new DomainError("addressNotFound", { message: "Address not found", key: "account.notifications.addressNotFound", status: 404 });
    delivery = collect(() => addressSnapshot(own, countries, SAVED_ADDRESS_FIELD), errors);
  } else if (input.delivery) {
    const typed = input.delivery;
    delivery = collect(() => addressSnapshot(typed, countries, `${DELIVERY}.country`), errors);
  }
  let billing: CheckoutAddress | null = delivery;
  if (input.billing) {
    const typed = input.billing;
    billing = collect(() => addressSnapshot(typed, countries, `${BILLING}.country`), errors);
  }
  if (Object.keys(errors).length > 0 || !delivery || !billing) throw new StepErrors(errors);
  const [deliveryAddress, billingAddress] = [delivery, billing];
  // With the address the customer may become known: a coupon they used up (or one that
  // stopped applying) comes off now, and the shopper is told, rather than at placement.
  return onLockedCart(ctx.cart.id, async (tx, cart) => {
    await tx.update(carts).set({ deliveryAddress, billingAddress }).where(eq(carts.id, cart.id));
    return { couponRemoved: await dropInvalidCoupon(tx, { ...cart, deliveryAddress, billingAddress }) };
  });
}

/**
 * The typed delivery address and the billing one (a copy of delivery when not given), with
 * checkout's rules (spec §5 allowed countries); every refused field at once as StepErrors.
 * The offer page (order-offer.server.ts) asks for its addresses with the same rules.
 */
export function typedAddresses(input: { delivery?: AddressInput; billing?: AddressInput }, countries: CountryOption[]) {
  const errors: StepFieldErrors = {};
  const { delivery: typedDelivery, billing: typedBilling } = input;
  const delivery = typedDelivery ? collect(() => addressSnapshot(typedDelivery, countries, `${DELIVERY}.country`), errors) : null;
  const billing = typedBilling ? collect(() => addressSnapshot(typedBilling, countries, `${BILLING}.country`), errors) : delivery;
  if (Object.keys(errors).length > 0 || !delivery || !billing) throw new StepErrors(errors);
  return { delivery, billing };
}

function collect<T>(run: () => T, errors: StepFieldErrors): T | null {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof StepErrors)) throw error;
    Object.assign(errors, error.errors);
    return null;
  }
}

/** Spec §3 Shipping form (methodId, branchId), §8: no method → shippingMethodUndefined; a method with branches needs one → shippingBranchUndefined. */
export async function saveShippingStep(ctx: CheckoutContext, input: ShippingStepValue) {
  // Spec §5: "Delivery method change needs a logged-in or guest user else 'No active user'".
  if (!ctx.shopper) throw new DomainError("noActiveUser", { message: "No active user", key: "checkout.guest.noActiveUser", status: 401 });
  const { offered: methods, withheld } = await deliveryChoices(ctx.locale, ctx.cart);
  const method = methods.find((m) => m.id === input.methodId);
  // An active method this cart cannot be sent with (too heavy, a country outside its zones, decision 0106).
  if (withheld.some((w) => w.id === input.methodId)) throw new StepErrors({ methodId: "checkout.shippingMethodNotOffered" });
  if (!method) throw new StepErrors({ methodId: "checkout.shippingMethodUndefined" });
  let branchId: number | null = null;
  if (method.options.length > 0) {
    const chosen = input.branchId[String(method.id)];
    branchId = method.options.find((o) => o.id === chosen)?.id ?? null;
    if (branchId === null) throw new StepErrors({ [`branchId.${method.id}`]: "checkout.shippingBranchUndefined" });
  }
  await onLockedCart(ctx.cart.id, (tx, cart) =>
    tx.update(carts).set({ deliveryMethodId: method.id, deliveryBranchId: branchId }).where(eq(carts.id, cart.id)),
  );
}

/** Takes the coupon off an active cart (after placement refused it: its transaction rolled back). */
export async function removeCoupon(cartId: number) {
  const db = await getDb();
  await db
    .update(carts)
    .set({ couponCode: null })
    .where(and(eq(carts.id, cartId), eq(carts.status, "active")));
}
