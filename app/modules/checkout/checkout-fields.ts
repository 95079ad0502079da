/**
 * The checkout forms' names and the page's data shapes, without server code or zod: the
 * checkout components import this file (spec §3 Checkout: steps address, shipping,
 * payment; Shipping form methodId, branchId; Payment form methodId, acceptedConsents).
 */
import type { CountryOption } from "~/modules/account/account-fields";
import type { SavedAddress } from "~/modules/account/addresses.server";
import type { FormConsent } from "~/modules/consent/consent-fields";
import type { CartView } from "~/modules/cart/cart-view";

export const CHECKOUT_STEPS = ["address", "shipping", "payment"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** Spec §9 "Shipping auto-submit 1500 ms": with JavaScript the first method is chosen for the shopper. */
export const SHIPPING_AUTO_SUBMIT_MS = 1500;

/** The address step's choice: a saved address id, or this value for the typed form. */
export const NEW_ADDRESS = "new";
export const SAVED_ADDRESS_FIELD = "savedAddressId";
export const STEP_PARAM = "step";

/** The page's flat values ("delivery.city") as conform's nested default value (checkout's address step, the offer page). */
export function nestedValues(values: Record<string, string>) {
  const result: Record<string, string | Record<string, string>> = {};
  for (const [name, value] of Object.entries(values)) {
    const dot = name.indexOf(".");
    if (dot < 0) result[name] = value;
    else ((result[name.slice(0, dot)] ??= {}) as Record<string, string>)[name.slice(dot + 1)] = value;
  }
  return result;
}

export type DeliveryMethodView = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  /** Branches: pick-up points or parcel lockers (decision 0049), each labelled by its kind. */
  options: { id: number; name: string; address: string; kind: "pickup" | "locker" }[];
};
export type PaymentMethodView = { id: number; name: string; description: string };

export type AddressSummary = { lines: string[] };

export type CheckoutPageData = {
  locale: "hr" | "en" | "de";
  /** null: the shopper still has to give a guest e-mail (guest checkout on, nobody signed in). */
  shopper: { email: string; guest: boolean } | null;
  loginHref: string;
  checkoutHref: string;
  active: CheckoutStep | null;
  done: Record<CheckoutStep, boolean>;
  savedAddresses: (Omit<SavedAddress, "id"> & { id: string })[];
  countries: CountryOption[];
  delivery: { address: AddressSummary | null; billing: AddressSummary | null; values: Record<string, string>; sameBilling: boolean };
  shipping: {
    methods: DeliveryMethodView[];
    methodId: number | null;
    branchId: number | null;
    /** Why no method is offered for this cart and address (decision 0106); null while one is. */
    notOffered: { reason: "tooHeavy" | "noZone"; weightKg: string } | null;
  };
  payment: { methods: PaymentMethodView[]; methodId: number | null; consents: FormConsent[] };
  cart: CartView;
  currency: { label: string; symbol: string };
};
