import { getDb } from "~/.server/db/client.server";
import type { CheckoutAddress } from "~/.server/db/schema";
import { BILLING, DELIVERY } from "~/modules/account/account-fields";
import { allowedCountries, listAddresses, type SavedAddress } from "~/modules/account/addresses.server";
import { buildCartView } from "~/modules/cart/cart-view.server";
import { addressLines, applicableDeliveryMethods, applicablePaymentMethods } from "~/modules/checkout/checkout.server";
import { getSiteContext } from "~/modules/site/site.server";
import type { HeldCart } from "./phone-order.server";

/**
 * What the phone order page shows (decision 0109): the held cart's lines and totals as the
 * cart page prices them (buildCartView → priceCart), the delivery and payment methods
 * checkout offers, and the address form's start: what the cart holds, else the customer's
 * saved address (`chosen`, or their delivery address, else the main one, else the first),
 * else the name, e-mail and phone given when the order was started.
 */
export async function phoneOrderPage(held: HeldCart, chosen: number | null) {
  const { cart, checkout } = held;
  const { locale } = checkout;
  const buyer = checkout.shopper;
  const [view, methods, payments, countries, site, saved] = await Promise.all([
    buildCartView(cart, locale),
    applicableDeliveryMethods(locale, cart),
    applicablePaymentMethods(locale),
    getDb().then(allowedCountries),
    getSiteContext(locale),
    buyer && !buyer.guest ? listAddresses(buyer.id) : Promise.resolve([]),
  ]);
  const picked = saved.find((a) => a.id === chosen);
  const preferred = picked ?? saved.find((a) => a.type === "shipping") ?? saved.find((a) => a.type === "main") ?? saved[0];
  const contact = {
    firstName: cart.heldFor.firstName,
    lastName: cart.heldFor.lastName,
    contactEmail: cart.heldFor.email,
    contactPhone: cart.heldFor.phone,
  };
  const delivery =
    !picked && cart.deliveryAddress ? fromCart(cart.deliveryAddress) : { ...contact, ...(preferred ? fromSaved(preferred) : {}) };
  const billing = !picked && cart.billingAddress ? fromCart(cart.billingAddress) : delivery;
  const sameBilling = JSON.stringify(delivery) === JSON.stringify(billing);
  return {
    locale,
    customer: { ...cart.heldFor, guest: buyer?.guest ?? true },
    cart: view,
    savedAddresses: saved.map((a) => ({ id: a.id, lines: addressLines(savedAsAddress(a))?.lines ?? [] })),
    countries,
    addressValues: { ...prefixed(DELIVERY, delivery), ...prefixed(BILLING, billing), ...(sameBilling ? { sameBilling: "on" } : {}) },
    addressSaved: cart.deliveryAddress !== null,
    shipping: { methods, methodId: cart.deliveryMethodId, branchId: cart.deliveryBranchId },
    payments: payments
      .filter((m) => m.available && !(view.digitalOnly && m.gateway === "cashOnDelivery"))
      .map((m) => ({ id: m.id, name: m.name, gateway: m.gateway })),
    paymentMethodId: cart.paymentMethodId,
    currency: { label: site.currency.label, symbol: site.currency.symbol },
  };
}
export type PhoneOrderPage = Awaited<ReturnType<typeof phoneOrderPage>>;

type FormAddress = Record<string, string>;

function fromCart(a: CheckoutAddress): FormAddress {
  const { countryIso, countryName: _name, companyOib, ...rest } = a;
  return { ...rest, country: countryIso, companyOIB: companyOib };
}

function fromSaved(a: SavedAddress): FormAddress {
  const { id: _id, type: _type, ...fields } = a;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === "string" && v !== "")) as FormAddress;
}

function savedAsAddress(a: SavedAddress): CheckoutAddress {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    contactEmail: a.contactEmail,
    contactPhone: a.contactPhone,
    countryIso: a.country,
    countryName: a.country,
    city: a.city,
    street: a.street,
    houseNumber: a.houseNumber,
    zipCode: a.zipCode,
    companyName: a.companyName,
    companyOib: a.companyOIB,
  };
}

const prefixed = (prefix: string, values: FormAddress) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}.${k}`, v])) as Record<string, string>;
