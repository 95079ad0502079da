import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import type { Shopper } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";
import type { Locale } from "~/lib/locales";
import { setCartMemberCard } from "./cart.server";
import { lookupCart } from "./cart-session.server";

/**
 * The membership card of the cart (spec §4 "Membership barcode", §5, §7 validateMembersBarcode,
 * §8 membership messages). The check is pluggable: the built-in one is a format check
 * (option MemberCardBarcodePattern, default 8 to 13 digits, an EAN-like card number); an
 * external checker (spec §7 "GET settings external barcode check") can replace it with
 * `setMemberCardValidator` without touching the cart.
 */
export type MemberCardValidator = (barcode: string, locale: Locale) => Promise<boolean>;

const DEFAULT_PATTERN = "^[0-9]{8,13}$";

export const formatValidator: MemberCardValidator = async (barcode, locale) => {
  const configured = (await getSiteContext(locale)).options.MemberCardBarcodePattern;
  const pattern = typeof configured === "string" && configured ? configured : DEFAULT_PATTERN;
  return new RegExp(pattern).test(barcode);
};

let validator: MemberCardValidator = formatValidator;
export function setMemberCardValidator(next: MemberCardValidator) {
  validator = next;
}

/** The configured check of a barcode (registration and the profile use it too). */
export function isValidMemberCard(barcode: string, locale: Locale): Promise<boolean> {
  return validator(barcode, locale);
}

/**
 * The card saved on a customer's profile, for a cart of theirs that has none yet (so it is not
 * typed again: a new cart, or the cart taken over at sign-in): the barcode when the configured
 * check still accepts it, else null. A failing check costs nothing but the card.
 */
export async function savedMemberCard(barcode: string | null | undefined, locale: Locale): Promise<string | null> {
  if (!barcode) return null;
  try {
    return (await validator(barcode, locale)) ? barcode : null;
  } catch {
    return null;
  }
}

/** The outcome, and the card the shopper now holds: a barcode, null when cleared, undefined when unchanged. */
export type MemberCardResult = { outcome: "skipped" | "cleared" | "applied"; memberCard: string | null | undefined };

/**
 * Spec §4: skipped when logged out or equal to the one the shopper last applied; empty
 * clears it; otherwise validated: a failing call gives membershipCardBarcodeError, isValid
 * false membershipCardBarcodeInvalid; on success the profile gets it when the user had none,
 * the shopper keeps it (the HTML shop's memberCardBarcode cookie) and the cart uses
 * membership prices.
 */
export async function applyMemberCard(shopper: Shopper, raw: FormDataEntryValue | null): Promise<MemberCardResult> {
  const { user, locale } = shopper;
  const barcode = typeof raw === "string" ? raw.trim() : "";
  if (!user) return { outcome: "skipped", memberCard: undefined };
  if (barcode === "") {
    await setCartMemberCard(shopper, null);
    return { outcome: "cleared", memberCard: null };
  }
  if (barcode.length > 64) throw invalid();
  // Equal to the one last applied and already on this cart: nothing to check again.
  const lookup = await lookupCart(shopper);
  if (shopper.memberCard === barcode && lookup.kind === "active" && lookup.cart.memberCardBarcode === barcode) {
    return { outcome: "applied", memberCard: undefined };
  }
  let valid: boolean;
  try {
    valid = await validator(barcode, locale);
  } catch {
    throw new DomainError("memberCardCheckFailed", {
      message: "Member card check failed",
      key: "core.notifications.membershipCardBarcodeError",
      status: 502,
      field: "memberCardBarcode",
    });
  }
  if (!valid) throw invalid();
  await setCartMemberCard(shopper, barcode);
  if (!user.memberCardBarcode) {
    const db = await getDb();
    await db
      .update(users)
      .set({ memberCardBarcode: barcode })
      .where(and(eq(users.id, user.id), isNull(users.memberCardBarcode)));
  }
  return { outcome: "applied", memberCard: shopper.memberCard === barcode ? undefined : barcode };
}

const invalid = () =>
  new DomainError("memberCardInvalid", {
    message: "Member card barcode is not valid",
    key: "core.notifications.membershipCardBarcodeInvalid",
    field: "memberCardBarcode",
  });
