import { and, eq, isNull, sql } from "drizzle-orm";
import { customersChanged } from "~/.server/customer-views.server";
import { getDb, type Executor } from "~/.server/db/client.server";
import { sessions, users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { issueAccountToken } from "~/modules/account/account-tokens.server";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { sendMail, type OutboxMail, wakeMailRelay } from "~/modules/mail/mail.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { BackofficeScope } from "~/lib/backoffice-scopes";
import type { StaffEdit } from "./staff.schema";

/**
 * Backoffice users (docs/decisions/0043): invite by mail, change the
 * scope, deactivate (blocked_at; their sessions end at once) and reactivate. Guard rails:
 * nobody deactivates or demotes themselves, and the last active admin stays. Every change
 * checks the version the form showed and is audited in its transaction.
 */
const refuse = (code: string, key: string, status = 409, field?: string) => new DomainError(code, { message: code, key, status, field });

/** The invitation's link: the set-password page outside /admin (the invitee is not signed in). */
export const inviteLink = (token: string) => `${env.PUBLIC_URL.replace(/\/+$/, "")}/adminLogin/invite?token=${token}`;

async function mailInvitation(
  tx: Executor,
  user: { id: number; email: string; firstName: string },
  inviter: Staff,
  locale: Locale,
): Promise<OutboxMail> {
  const token = await issueAccountToken(tx, user.id, "invite");
  const t = await getFixedT(locale, ["adminUsers"]);
  const values = {
    name: user.firstName,
    inviter: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email,
    link: inviteLink(token),
  };
  return sendMail(
    {
      kind: "backofficeInvite",
      to: user.email,
      subject: t("adminUsers.mail.subject"),
      text: t("adminUsers.mail.text", values),
      template: { locale, values },
    },
    tx,
  );
}

export type InviteInput = { email: string; firstName: string; lastName: string; scope: BackofficeScope };

/**
 * Creates the backoffice user (no password) and mails the set-password link. An address
 * that already has an account, a customer's included, is refused: a shop account is not
 * turned into a backoffice one (decision 0043).
 */
export async function inviteStaff(staff: Staff, input: InviteInput, locale: Locale): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ backoffice: users.isBackofficeUser })
      .from(users)
      .where(and(eq(users.siteId, SITE_ID), eq(users.email, input.email)));
    if (existing)
      throw refuse(
        existing.backoffice ? "staffExists" : "customerEmail",
        existing.backoffice ? "adminUsers.errors.exists" : "adminUsers.errors.customer",
        409,
        "email",
      );
    const [user] = await tx
      .insert(users)
      .values({
        siteId: SITE_ID,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        isBackofficeUser: true,
        scope: [input.scope],
      })
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    await recordAudit(tx, staff, {
      entity: "user",
      entityId: user.id,
      action: "invite",
      after: { email: input.email, scope: [input.scope] },
    });
    await mailInvitation(tx, user, staff, locale);
    return user.id;
  });
  wakeMailRelay();
  return id;
}

const isActiveAdmin = (user: { blockedAt: Date | null; scope: string[] }) => user.blockedAt === null && user.scope.includes("admin");

/** The active admins, locked so two admins removing each other at once cannot leave none. */
async function lockActiveAdmins(tx: Executor): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, true), isNull(users.blockedAt), sql`${users.scope} @> '["admin"]'::jsonb`),
    )
    .orderBy(users.id)
    .for("update");
  return rows.map((row) => row.id);
}

/** A change from a user's page (scope, deactivate, reactivate, invitation again), with its guard rails. */
export async function editStaff(staff: Staff, userId: number, edit: StaffEdit, locale: Locale): Promise<void> {
  const db = await getDb();
  const mail = await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, true)))
      .for("update");
    if (!user) throw refuse("staffNotFound", "adminUsers.errors.notFound", 404);
    checkVersion(user.version, edit.version);
    const self = user.id === staff.id;
    const lastAdmin = isActiveAdmin(user) && admins.filter((id) => id !== user.id).length === 0;
    const before = { scope: user.scope, blockedAt: user.blockedAt };
    let after: Record<string, unknown>;
    if (edit.intent === "scope") {
      if (edit.scope !== "admin") {
        if (self) throw refuse("selfDemote", "adminUsers.errors.selfDemote");
        if (lastAdmin) throw refuse("lastAdmin", "adminUsers.errors.lastAdmin");
      }
      after = { scope: [edit.scope], blockedAt: user.blockedAt };
    } else if (edit.intent === "deactivate") {
      if (self) throw refuse("selfDeactivate", "adminUsers.errors.selfDeactivate");
      if (lastAdmin) throw refuse("lastAdmin", "adminUsers.errors.lastAdmin");
      after = { scope: user.scope, blockedAt: user.blockedAt ?? new Date() };
    } else if (edit.intent === "reactivate") {
      after = { scope: user.scope, blockedAt: null };
    } else {
      if (user.passwordHash !== null || user.blockedAt !== null) throw refuse("notInvited", "adminUsers.errors.notInvited");
      after = { scope: user.scope, blockedAt: null };
    }
    await tx
      .update(users)
      .set({ scope: after.scope as string[], blockedAt: after.blockedAt as Date | null, version: user.version + 1 })
      .where(eq(users.id, user.id));
    // A deactivated user is signed out everywhere at once, not at their next request only.
    if (edit.intent === "deactivate") await tx.delete(sessions).where(eq(sessions.userId, user.id));
    const change = changedFields(before, after);
    await recordAudit(tx, staff, { entity: "user", entityId: user.id, action: edit.intent, before: change.before, after: change.after });
    return edit.intent === "reinvite" ? mailInvitation(tx, user, staff, locale) : null;
  });
  await customersChanged(); // who is staff, and who is signed in, decides who gets a kept page for customers
  if (mail) wakeMailRelay();
}
