import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { accountTokens, users } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { hashPassword } from "~/.server/auth/password.server";
import type { Locale } from "~/lib/locales";
import { logConsents, validateConsents } from "~/modules/consent/consent.server";
import { wakeMailRelay } from "~/modules/mail/mail.server";
import { mailVerificationLink, mailWelcome } from "./account-mails.server";
import { registrationOptions } from "./account-options.server";
import { consumeAccountToken } from "./account-tokens.server";
import { addressRow, insertAddress } from "./addresses.server";
import type { AddressInput } from "./account.schema";
import { validateMemberCardBarcode } from "./cart-hooks.server";

/**
 * Registration (spec §4 Auth "Registration", §5 Register, §7 User web/register). In the
 * spec's order: the member card barcode when given, the form and required consents, then
 * the account, its addresses and the consent log in one transaction. With e-mail
 * verification on, a link is mailed and nobody is signed in.
 */
export type Registration = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  memberCardBarcode: string;
  /** Register with addresses: the delivery address and, when different, the billing one. */
  addresses: { delivery: AddressInput; billing: AddressInput | null } | null;
  acceptedIds: readonly number[];
  locale: Locale;
  origin: string;
  /** A separate front end's own verification page (FRONTEND_URL), when the registration came through the API. */
  frontendUrl?: string | null;
};

/** What happens next: confirm the e-mail, signed in, or go to the login page. */
export type RegistrationOutcome = { userId: number; next: "confirmEmail" | "logIn" | "login" };

const userExists = () =>
  new DomainError("userExists", { message: "User already exist.", key: "core.notifications.userExists", status: 409 });

/** Spec §5: "Member card barcode, if non-empty, checked by the server". */
export async function checkMemberCardBarcode(barcode: string): Promise<void> {
  if (barcode === "") return;
  let valid: boolean;
  try {
    valid = (await validateMemberCardBarcode(barcode)).isValid;
  } catch (error) {
    console.error("Checking a member card barcode failed", error);
    throw new DomainError("memberCardCheckFailed", {
      message: "Barcode check failed",
      key: "core.notifications.membershipCardBarcodeError",
      status: 503,
      field: "memberCardBarcode",
    });
  }
  if (!valid)
    throw new DomainError("memberCardInvalid", {
      message: "Barcode is not valid",
      key: "core.notifications.membershipCardBarcodeInvalid",
      field: "memberCardBarcode",
    });
}

export async function registerCustomer(input: Registration): Promise<RegistrationOutcome> {
  await checkMemberCardBarcode(input.memberCardBarcode);
  const accepted = await validateConsents("registerForm", input.acceptedIds);
  const db = await getDb();
  const settings = await registrationOptions(db);
  // Countries are resolved before the (slow) hash and the transaction.
  const delivery = input.addresses ? await addressRow(db, input.addresses.delivery, "delivery.country") : null;
  const billing = input.addresses?.billing ? await addressRow(db, input.addresses.billing, "billing.country") : null;
  const passwordHash = await hashPassword(input.password);
  const details = {
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    memberCardBarcode: input.memberCardBarcode || null,
    isGuest: false,
    emailVerifiedAt: settings.requiresEmailVerification ? null : new Date(),
  };

  const { userId } = await db.transaction(async (tx) => {
    // One statement decides a race between two registrations of the same address.
    const [created] = await tx
      .insert(users)
      .values({ siteId: SITE_ID, email: input.email, ...details })
      .onConflictDoNothing({ target: [users.siteId, users.email] })
      .returning({ id: users.id });
    // A guest (spec §6: created with only an e-mail) becomes a registered customer.
    const [upgraded] = created
      ? []
      : await tx
          .update(users)
          .set(details)
          .where(and(eq(users.siteId, SITE_ID), eq(users.email, input.email), eq(users.isGuest, true)))
          .returning({ id: users.id });
    const userId = created?.id ?? upgraded?.id;
    if (!userId) throw userExists();
    if (delivery) {
      await insertAddress(tx, userId, "shipping", delivery);
      // Spec §5: "If billing is not different, billing is a copy of delivery with type main."
      await insertAddress(tx, userId, billing ? "billing" : "main", billing ?? delivery);
    }
    await logConsents(tx, { kind: "registerForm", acceptedIds: accepted, userType: "registered", email: input.email });
    if (settings.requiresEmailVerification)
      await mailVerificationLink({
        tx,
        userId,
        email: input.email,
        locale: input.locale,
        origin: input.origin,
        frontendUrl: input.frontendUrl,
      });
    else await mailWelcome({ tx, email: input.email, name: input.firstName, locale: input.locale, origin: input.origin });
    return { userId };
  });
  wakeMailRelay();
  const next = settings.requiresEmailVerification ? "confirmEmail" : settings.autoLogin ? "logIn" : "login";
  return { userId, next };
}

/** /login?verificationToken=…: confirms the address once; false for an unknown, used or expired link. */
export async function verifyEmailAddress(token: unknown): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, "verifyEmail", token);
    if (userId === null) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    return true;
  });
}

/** At most this many verification mails per account in RESEND_WINDOW_MS (the first one included). */
export const RESEND_LIMIT = 3;
export const RESEND_WINDOW_MS = 60 * 60 * 1000;

/**
 * Mails a fresh verification link to a signed-in customer whose address is not confirmed
 * yet (the earlier link stops working). Each account gets a few mails an hour, so the call
 * cannot be used to flood an inbox; the caller's request budget applies on top.
 */
export async function resendVerificationLink(input: {
  userId: number;
  locale: Locale;
  origin: string;
  frontendUrl?: string | null;
}): Promise<void> {
  const db = await getDb();
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.siteId, SITE_ID)));
  if (!user) throw new DomainError("noActiveUser", { message: "No active user", key: "core.notifications.noActiveUser", status: 401 });
  if (user.verifiedAt)
    throw new DomainError("alreadyVerified", { message: "E-mail is already verified", key: "account.verify.alreadyVerified", status: 409 });
  const recent = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, "verifyEmail"),
        gt(accountTokens.createdAt, new Date(Date.now() - RESEND_WINDOW_MS)),
      ),
    );
  if (recent.length >= RESEND_LIMIT)
    throw new DomainError("tooManyVerificationMails", {
      message: "Too many verification mails",
      key: "account.verify.tooMany",
      status: 429,
    });
  await db.transaction((tx) => mailVerificationLink({ tx, email: user.email, ...input }));
  wakeMailRelay();
}
