import { and, eq, ne } from "drizzle-orm";
import { customersChanged } from "~/.server/customer-views.server";
import { getDb } from "~/.server/db/client.server";
import { users } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import type { Locale } from "~/lib/locales";
import { mailEmailChangedNotice, mailVerificationLink } from "./account-mails.server";
import { registrationOptions } from "./account-options.server";
import { checkMemberCardBarcode } from "./register.server";
import { wakeMailRelay } from "~/modules/mail/mail.server";

/**
 * The profile form (spec §3 Profile form: firstName, lastName, email, memberCardBarcode;
 * §4 Auth "Profile update success refetches the user; the memberCardBarcode cookie is
 * updated if different and deleted when emptied").
 */
export type ProfileInput = { firstName: string; lastName: string; email: string; memberCardBarcode: string };

/**
 * Saves the profile. A changed e-mail address is announced to the old address, and while
 * the site requires e-mail verification (spec §6) the new address must be confirmed like
 * a registration's: a link goes to it, and until it is opened the next sign-in is refused
 * with the link sent again (login.server.ts). Returns whether that confirmation is pending.
 */
export async function updateProfile(
  userId: number,
  input: ProfileInput,
  context: { locale: Locale; origin: string },
): Promise<{ confirmEmail: boolean }> {
  const db = await getDb();
  const [current] = await db.select({ barcode: users.memberCardBarcode, email: users.email }).from(users).where(eq(users.id, userId));
  if (!current)
    throw new DomainError("noActiveUser", { message: "No active user", key: "core.notifications.unknowUserOrPassword", status: 401 });
  // Spec §5: a new barcode is checked by the server; an unchanged one was checked when it was saved.
  if (input.memberCardBarcode !== (current.barcode ?? "")) await checkMemberCardBarcode(input.memberCardBarcode);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, SITE_ID), eq(users.email, input.email), ne(users.id, userId)));
  if (taken) throw new DomainError("userExists", { message: "User already exist.", key: "core.notifications.userExists", status: 409 });
  const emailChanged = input.email !== current.email;
  const { requiresEmailVerification } = emailChanged ? await registrationOptions(db) : { requiresEmailVerification: false };
  const mails = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        memberCardBarcode: input.memberCardBarcode || null,
        ...(requiresEmailVerification ? { emailVerifiedAt: null } : {}),
      })
      .where(eq(users.id, userId));
    if (!emailChanged) return [];
    const notice = await mailEmailChangedNotice({ tx, email: current.email, newEmail: input.email, locale: context.locale });
    if (!requiresEmailVerification) return [notice];
    return [notice, await mailVerificationLink({ tx, userId, email: input.email, ...context })];
  });
  if (mails.length) wakeMailRelay();
  await customersChanged(); // the name and e-mail the header shows
  return { confirmEmail: requiresEmailVerification };
}
