/**
 * The account forms' field names, limits and answer shapes without the zod rules of
 * account.schema.ts: the components import this file, so the browser bundles of the
 * login, register and profile pages stay free of zod.
 */

import { localePrefix, type Locale } from "~/lib/locales";

/** The home page of a language: where login and logout land (spec §4 Auth "go home"). */
export function homeOf(locale: Locale): string {
  return localePrefix(locale) || "/";
}

/** Spec §9 "Password min 8". */
export const PASSWORD_MIN = 8;
/** The longest address SMTP allows. */
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const PHONE_MAX = 30;
export const BARCODE_MAX = 64;

/** Spec §9 "address limits 75/75/75, 15, 25": country, city, street; houseNumber; zipCode. */
export const ADDRESS_LIMITS = {
  country: 75,
  city: 75,
  street: 75,
  houseNumber: 15,
  zipCode: 25,
  companyName: 100,
  companyOIB: 11,
} as const;

/** Spec §3 Address form, in the order the form shows them. */
export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "contactEmail",
  "contactPhone",
  "country",
  "city",
  "street",
  "houseNumber",
  "zipCode",
  "companyName",
  "companyOIB",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Posted names: the delivery form's fields are "delivery.city", the billing form's "billing.city". */
export const DELIVERY = "delivery";
export const BILLING = "billing";
/** The checkbox 'different billing address' of the register form with addresses. */
export const DIFFERENT_BILLING = "differentBilling";
/** Marks the register form with addresses (spec §5 "Register with addresses"). */
export const WITH_ADDRESSES = "withAddresses";

/** What the forms post as `intent` so one route action can serve several forms. */
export const INTENTS = {
  login: "login",
  register: "register",
  profile: "profile",
  password: "password",
  address: "address",
  addressDefault: "addressDefault",
  addressDelete: "addressDelete",
} as const;

/** What a default address is for: the checkout's delivery address, or its billing address (decision 0129). */
export const DEFAULT_ADDRESS_KINDS = ["delivery", "billing"] as const;
export type DefaultAddressKind = (typeof DEFAULT_ADDRESS_KINDS)[number];

/** The types of an address-book entry, in the order the form offers them. */
export const ADDRESS_TYPE_OPTIONS = ["main", "billing", "shipping", "other"] as const;

/** Where a refusal of the consents is shown: the DomainError's field (consent.server.ts). */
export const CONSENTS_ERROR = "consents";

/** The values a checkbox group posted, as conform keeps them in a refused submission (one value or several). */
export function tickedValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" && value !== "" ? [value] : [];
}

/** A country the address form offers (the store's allowed countries, spec §5). */
export type CountryOption = { iso: string; name: string };
