import { and, asc, count, eq, ne } from "drizzle-orm";
import { env } from "~/.server/env.server";
import { getDb, type Executor } from "~/.server/db/client.server";
import { paymentMethods, type PaymentGateway } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { filled, reorder } from "~/modules/shipping/shipping-admin.server";
import { SITE_ID } from "~/modules/kernel/options";
import { bankAccountOf } from "./bank-transfer/bank-account.server";
import type { PaymentInput } from "./payment-admin.schema";
import { paymentAvailable } from "./payment.server";

/**
 * Payment methods in the backoffice (decision 0049), on the edit pattern (lock, version,
 * audit `paymentMethod`). At least one method stays on: turning off the last active one
 * is refused. A card method's provider keys are only ever reported as configured or not
 * (decision 0012: they live in the environment, never in the database or on a page).
 */
type MethodRow = typeof paymentMethods.$inferSelect;

export const paymentNotFound = () =>
  new DomainError("paymentMethodNotFound", {
    message: "Payment method not found",
    key: "adminShipping.errors.paymentNotFound",
    status: 404,
  });
const lastActive = () =>
  new DomainError("lastActivePaymentMethod", {
    message: "The last active payment method",
    key: "adminShipping.errors.lastActive",
    field: "active",
    status: 409,
  });

/** Whether the card provider is set up in the environment: yes/no per key, never the key. */
export function cardSetup() {
  return {
    secret: Boolean(env.PAYMENT_CARD_SECRET),
    providerUrl: Boolean(env.PAYMENT_CARD_PROVIDER_URL),
    available: paymentAvailable("card"),
  };
}

export async function listPaymentMethods() {
  const db = await getDb();
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.siteId, SITE_ID))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id));
  return rows.map((m) => ({
    id: m.id,
    code: m.code,
    gateway: m.gateway,
    name: m.name,
    active: m.active,
    version: m.version,
    available: paymentAvailable(m.gateway),
  }));
}

export async function paymentDetail(id: number) {
  const db = await getDb();
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.siteId, SITE_ID)));
  if (!method) return null;
  return {
    id: method.id,
    version: method.version,
    gateway: method.gateway as PaymentGateway,
    name: method.name,
    description: method.description,
    active: method.active,
    bank: method.gateway === "bankTransfer" ? bankAccountOf(method.settings) : null,
    card: method.gateway === "card" ? cardSetup() : null,
  };
}

async function lockMethod(tx: Executor, id: number, version: number): Promise<MethodRow> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.siteId, SITE_ID)))
    .for("update");
  if (!row) throw paymentNotFound();
  checkVersion(row.version, version);
  return row;
}

/** Refuses switching off the only active method (checkout would have no way to pay). */
async function keepOneActive(tx: Executor, id: number) {
  // Every active row is locked, so two people switching off the last two cannot both win.
  const others = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.siteId, SITE_ID), eq(paymentMethods.active, true), ne(paymentMethods.id, id)))
    .for("update");
  if (others.length === 0) throw lastActive();
}

const view = (m: MethodRow) => ({ name: m.name, description: m.description, active: m.active, settings: m.settings });

export async function updatePaymentMethod(staff: Staff, id: number, input: PaymentInput) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockMethod(tx, id, input.version);
    if (before.active && !input.active) await keepOneActive(tx, id);
    // Only a bank transfer has settings the owner keeps; others keep theirs untouched.
    const settings = before.gateway === "bankTransfer" && input.bank ? { ...before.settings, ...input.bank } : before.settings;
    const [after] = await tx
      .update(paymentMethods)
      .set({
        name: filled(input.name),
        description: filled(input.description),
        active: input.active,
        settings,
        version: before.version + 1,
      })
      .where(eq(paymentMethods.id, id))
      .returning();
    await recordAudit(tx, staff, { entity: "paymentMethod", entityId: id, action: "update", ...changedFields(view(before), view(after)) });
  });
  await dataChanged("payment");
}

export async function switchPaymentMethod(staff: Staff, id: number, version: number, active: boolean) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockMethod(tx, id, version);
    if (before.active === active) return;
    if (!active) await keepOneActive(tx, id);
    await tx
      .update(paymentMethods)
      .set({ active, version: before.version + 1 })
      .where(eq(paymentMethods.id, id));
    await recordAudit(tx, staff, {
      entity: "paymentMethod",
      entityId: id,
      action: active ? "activate" : "deactivate",
      before: { active: before.active },
      after: { active },
    });
  });
  await dataChanged("payment");
}

export async function movePaymentMethod(staff: Staff, id: number, version: number, direction: "up" | "down") {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockMethod(tx, id, version);
    const all = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.siteId, SITE_ID))
      .orderBy(asc(paymentMethods.position), asc(paymentMethods.id));
    await reorder(
      all.map((m) => m.id),
      id,
      direction,
      (rowId, position) => tx.update(paymentMethods).set({ position }).where(eq(paymentMethods.id, rowId)),
    );
    await tx
      .update(paymentMethods)
      .set({ version: before.version + 1 })
      .where(eq(paymentMethods.id, id));
    await recordAudit(tx, staff, { entity: "paymentMethod", entityId: id, action: direction === "up" ? "moveUp" : "moveDown" });
  });
  await dataChanged("payment");
}

export async function activePaymentCount() {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.siteId, SITE_ID), eq(paymentMethods.active, true)));
  return n;
}
