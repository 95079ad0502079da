import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { customersChanged } from "~/.server/customer-views.server";
import { getDb, type Executor } from "~/.server/db/client.server";
import { customerGroups, orders, sessions, users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { mailPasswordResetLink } from "~/modules/account/account-mails.server";
import { SITE_ID } from "~/modules/kernel/options";
import { wakeMailRelay } from "~/modules/mail/mail.server";

/**
 * What the backoffice does to a customer (decision 0040): block and unblock
 * (users.blocked_at; a blocked account cannot sign in or order, its sessions end at once)
 * and the password-reset mail. Every change locks the row, checks the version the form
 * showed, writes version + 1 and its audit row in the same transaction.
 */
export const customerNotFound = () =>
  new DomainError("customerNotFound", { message: "Customer not found", key: "adminCustomers.notFound", status: 404 });

/** The customer row `id` locked for a change; backoffice users are not customers. */
export async function lockCustomer(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, false)))
    .for("update");
  if (!row) throw customerNotFound();
  return row;
}

async function applyBlock(tx: Executor, staff: Staff, customer: { id: number; version: number; blockedAt: Date | null }, blocked: boolean) {
  const blockedAt = blocked ? new Date() : null;
  await tx
    .update(users)
    .set({ blockedAt, version: customer.version + 1 })
    .where(eq(users.id, customer.id));
  // Signed out everywhere now, not only at the next request (getCurrentUser also refuses them).
  if (blocked) await tx.delete(sessions).where(eq(sessions.userId, customer.id));
  await recordAudit(tx, staff, {
    entity: "customer",
    entityId: customer.id,
    action: blocked ? "block" : "unblock",
    before: { blockedAt: customer.blockedAt },
    after: { blockedAt },
  });
}

/** A change of customers' block or group, then the kept pages' views of them cleared (decision 0135). */
async function afterCustomersChange<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  await customersChanged();
  return result;
}

/** Blocks or unblocks one customer from the detail screen (the form's `version`). */
export async function setCustomerBlocked(staff: Staff, id: number, blocked: boolean, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    checkVersion(customer.version, version);
    await applyBlock(tx, staff, customer, blocked);
  });
  await customersChanged();
}

/**
 * The list's bulk action: blocks or unblocks the ticked customers that are not so already
 * (no version: a bulk action states the wanted end, which holds whatever changed between).
 * Returns how many changed.
 */
export async function setCustomersBlocked(staff: Staff, ids: readonly number[], blocked: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  const db = await getDb();
  return afterCustomersChange(
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: users.id, version: users.version, blockedAt: users.blockedAt })
        .from(users)
        .where(
          and(
            eq(users.siteId, SITE_ID),
            eq(users.isBackofficeUser, false),
            inArray(users.id, [...ids]),
            blocked ? isNull(users.blockedAt) : isNotNull(users.blockedAt),
          ),
        )
        .orderBy(users.id)
        .for("update");
      for (const row of rows) await applyBlock(tx, staff, row, blocked);
      return rows.length;
    }),
  );
}

/** The group's Croatian name for the audit trail, or null for no group; a group that does not exist is refused. */
async function groupForCustomers(tx: Executor, groupId: number | null): Promise<string | null> {
  if (groupId === null) return null;
  const [group] = await tx
    .select({ name: customerGroups.name })
    .from(customerGroups)
    .where(and(eq(customerGroups.id, groupId), eq(customerGroups.siteId, SITE_ID)));
  if (!group)
    throw new DomainError("customerGroupNotFound", {
      message: "Customer group not found",
      key: "adminCustomers.group.notFound",
      status: 404,
    });
  return group.name.hr ?? "";
}

async function groupName(tx: Executor, groupId: number | null): Promise<string | null> {
  if (groupId === null) return null;
  const [group] = await tx.select({ name: customerGroups.name }).from(customerGroups).where(eq(customerGroups.id, groupId));
  return group?.name.hr ?? String(groupId);
}

/**
 * Puts the customer in a customer group (decision 0107), or takes them out of theirs (null),
 * from the detail screen (the form's `version`); audited. A guest has no account whose prices
 * a group could set, so is refused.
 */
export async function setCustomerGroup(staff: Staff, id: number, groupId: number | null, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    checkVersion(customer.version, version);
    if (customer.isGuest)
      throw new DomainError("guestHasNoGroup", {
        message: "A guest has no customer group",
        key: "adminCustomers.group.guest",
        status: 409,
      });
    const after = await groupForCustomers(tx, groupId);
    if (customer.customerGroupId === groupId) return;
    await tx
      .update(users)
      .set({ customerGroupId: groupId, version: customer.version + 1 })
      .where(eq(users.id, id));
    const before = await groupName(tx, customer.customerGroupId);
    await recordAudit(tx, staff, {
      entity: "customer",
      entityId: id,
      action: "setGroup",
      before: { group: before },
      after: { group: after },
    });
  });
  await customersChanged();
}

/**
 * The list's bulk action: puts the ticked registered customers in the group (or out of
 * theirs), each change audited; guests and customers already there are left alone.
 * Returns how many changed.
 */
export async function setCustomersGroup(staff: Staff, ids: readonly number[], groupId: number | null): Promise<number> {
  if (ids.length === 0) return 0;
  const db = await getDb();
  return afterCustomersChange(
    db.transaction(async (tx) => {
      const after = await groupForCustomers(tx, groupId);
      const rows = await tx
        .select({ id: users.id, version: users.version, groupId: users.customerGroupId })
        .from(users)
        .where(and(eq(users.siteId, SITE_ID), eq(users.isBackofficeUser, false), eq(users.isGuest, false), inArray(users.id, [...ids])))
        .orderBy(users.id)
        .for("update");
      const changing = rows.filter((row) => row.groupId !== groupId);
      for (const row of changing) {
        await tx
          .update(users)
          .set({ customerGroupId: groupId, version: row.version + 1 })
          .where(eq(users.id, row.id));
        const before = await groupName(tx, row.groupId);
        await recordAudit(tx, staff, {
          entity: "customer",
          entityId: row.id,
          action: "setGroup",
          before: { group: before },
          after: { group: after },
        });
      }
      return changing.length;
    }),
  );
}

export const guestHasNoPassword = () =>
  new DomainError("guestHasNoPassword", { message: "A guest has no password", key: "adminCustomers.reset.guest", status: 409 });

/**
 * Mails the customer the shopper's own forgot-password mail (the same single-use link),
 * in the language of their latest order; audited. A guest has no password to reset.
 */
export async function sendPasswordReset(staff: Staff, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    if (customer.isGuest) throw guestHasNoPassword();
    const locale = await customerLocale(tx, id);
    const sent = await mailPasswordResetLink({ tx, userId: id, email: customer.email, locale, origin: env.PUBLIC_URL });
    await recordAudit(tx, staff, { entity: "customer", entityId: id, action: "resetPassword", after: { mailId: sent.id } });
  });
  wakeMailRelay();
}

async function customerLocale(tx: Executor, userId: number): Promise<Locale> {
  const [latest] = await tx
    .select({ locale: orders.locale })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return latest && isLocale(latest.locale) ? latest.locale : DEFAULT_LOCALE;
}
