import { getDb } from "~/.server/db/client.server";
import type { CheckoutAddress } from "~/.server/db/schema";
import { href } from "~/lib/routes-table";
import { BILLING, DELIVERY, DIFFERENT_BILLING } from "~/modules/account/account-fields";
import { addressInputOf, allowedCountries, listAddresses, type SavedAddress } from "~/modules/account/addresses.server";
import { buildCartView } from "~/modules/cart/cart-view.server";
import { getFormConsents } from "~/modules/consent/consent.server";
import { getSiteContext } from "~/modules/site/site.server";
import { NEW_ADDRESS, SAVED_ADDRESS_FIELD, type CheckoutPageData } from "~/modules/checkout/checkout-fields";
import {
  activeStep,
  addressLines,
  applicablePaymentMethods,
  deliveryChoices,
  stepsDone,
  type CheckoutContext,
  type DeliveryChoices,
} from "~/modules/checkout/checkout.server";
import { kilograms } from "~/modules/shipping/delivery-price";

/** What the checkout page shows for the gate's context: the steps and their state, the choices, the cart summary. */
export async function checkoutView(askedStep: string | null, ctx: CheckoutContext): Promise<CheckoutPageData> {
  const { locale, cart, shopper } = ctx;
  const [choices, payments, consents, countries, cartView, site, saved] = await Promise.all([
    deliveryChoices(locale, cart),
    applicablePaymentMethods(locale),
    getFormConsents("checkoutForm", locale),
    getDb().then(allowedCountries),
    buildCartView(cart, locale),
    getSiteContext(locale),
    shopper && !shopper.guest ? listAddresses(shopper.id) : Promise.resolve([]),
  ]);
  const digitalOnly = cartView.digitalOnly;
  const methods = choices.offered;
  const done = stepsDone(cart, methods, digitalOnly);
  const values: Record<string, string> = { ...formValues(DELIVERY, cart.deliveryAddress), ...formValues(BILLING, cart.billingAddress) };
  // So that the customer types nothing twice, a new address starts with the profile's name and
  // e-mail, and the phone of the customer's saved address (the profile has no phone of its own).
  if (!cart.deliveryAddress && shopper) Object.assign(values, profileValues(shopper, saved), defaultAddressValues(saved));
  if (cart.deliveryAddress) values[SAVED_ADDRESS_FIELD] = NEW_ADDRESS;
  const sameBilling = JSON.stringify(cart.deliveryAddress) === JSON.stringify(cart.billingAddress);
  if (!sameBilling) values[DIFFERENT_BILLING] = "on";
  return {
    locale,
    shopper: shopper ? { email: shopper.email, guest: shopper.guest } : null,
    loginHref: `${href("login", locale)}?redirectTo=${encodeURIComponent(href("checkout", locale))}`,
    checkoutHref: href("checkout", locale),
    // A digital-only cart has no shipping step to open (decision 0030).
    active: shopper ? (digitalOnly && activeStep(askedStep, done) === "shipping" ? "payment" : activeStep(askedStep, done)) : null,
    done,
    savedAddresses: distinctAddresses(saved).map((a) => ({ ...a, id: String(a.id) })),
    countries,
    delivery: { address: addressLines(cart.deliveryAddress), billing: addressLines(cart.billingAddress), values, sameBilling },
    shipping: {
      methods,
      methodId: methods.some((m) => m.id === cart.deliveryMethodId) ? cart.deliveryMethodId : null,
      branchId: cart.deliveryBranchId,
      notOffered: notOffered(choices),
    },
    // Nothing is delivered to a digital-only cart, so nothing can be paid on delivery.
    payment: {
      methods: payments
        .filter((m) => m.available && !(digitalOnly && m.gateway === "cashOnDelivery"))
        .map(({ gateway: _g, available: _a, ...m }) => m),
      methodId: cart.paymentMethodId,
      consents,
    },
    cart: cartView,
    currency: { label: site.currency.label, symbol: site.currency.symbol },
  };
}

/** Why no method is left for the cart (decision 0106): too heavy for every rate table, else the country; null while one is offered. */
function notOffered({ offered, withheld, weightG }: DeliveryChoices): CheckoutPageData["shipping"]["notOffered"] {
  if (offered.length > 0 || withheld.length === 0) return null;
  const reason = withheld.some((w) => w.reason === "tooHeavy") ? "tooHeavy" : "noZone";
  return { reason, weightKg: kilograms(weightG) };
}

function formValues(prefix: string, a: CheckoutAddress | null): Record<string, string> {
  if (!a) return {};
  const { countryIso, countryName: _name, companyOib, ...rest } = a;
  const values: Record<string, string> = { country: countryIso, companyOIB: companyOib, ...rest };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}.${k}`, v]));
}

function profileValues(shopper: NonNullable<CheckoutContext["shopper"]>, saved: SavedAddress[]): Record<string, string> {
  const phone = saved.find((a) => a.contactPhone)?.contactPhone ?? "";
  const profile = {
    firstName: shopper.firstName ?? "",
    lastName: shopper.lastName ?? "",
    contactEmail: shopper.email,
    contactPhone: phone,
  };
  return Object.fromEntries(
    Object.entries(profile)
      .filter(([, v]) => v)
      .map(([k, v]) => [`${DELIVERY}.${k}`, v]),
  );
}

/**
 * The customer's default addresses chosen in advance (decision 0129): the default delivery
 * address's choice, and the default billing address typed in as a different billing address
 * when it is another one. Without defaults the first saved address is chosen, as before.
 */
function defaultAddressValues(saved: SavedAddress[]): Record<string, string> {
  const delivery = saved.find((a) => a.defaultDelivery);
  const billing = saved.find((a) => a.defaultBilling);
  const values: Record<string, string> = delivery ? { [SAVED_ADDRESS_FIELD]: String(delivery.id) } : {};
  if (!billing || billing.id === delivery?.id) return values;
  for (const [key, value] of Object.entries(addressInputOf(billing))) if (value) values[`${BILLING}.${key}`] = value;
  return { ...values, [DIFFERENT_BILLING]: "on" };
}

/**
 * Each address once, so the customer picks from no duplicates: registration saves the delivery
 * address and, when billing is not different, its copy as the main address (spec §5), so the
 * address book holds two equal rows; the first of equal ones stands for both, the default
 * delivery address first of all (it is offered first and must not be the one left out).
 */
export function distinctAddresses(saved: SavedAddress[]): SavedAddress[] {
  const seen = new Set<string>();
  const defaultFirst = [...saved].sort((a, b) => Number(b.defaultDelivery) - Number(a.defaultDelivery));
  return defaultFirst.filter((address) => {
    const fields = addressInputOf(address);
    const key = JSON.stringify(
      Object.entries(fields)
        .map(([k, v]) => [
          k,
          String(v ?? "")
            .trim()
            .toLowerCase(),
        ])
        .sort(),
    );
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
