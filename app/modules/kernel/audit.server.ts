import { and, desc, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { auditLog } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";

/**
 * The backoffice's audit trail (DESIGN.md "One edit pattern": who, when, what, before and
 * after). A service writes the row in the same transaction as the change it records, so
 * the trail has exactly the changes that happened.
 *
 *   await db.transaction(async (tx) => {
 *     const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
 *     checkVersion(before.version, posted.version);
 *     ...the change...
 *     await recordAudit(tx, staff, { entity: "order", entityId: id, action: "ship", before: pick(before), after: { carrier, trackingNumber } });
 *   });
 */
export type AuditEntity =
  | "order"
  | "customer"
  | "enquiry"
  | "submission"
  | "mail"
  | "user"
  | "settings"
  | "comment"
  | "consent"
  | "cache"
  // the catalogue, promotions, shipping and payments (decisions 0045-0050)
  | "product"
  | "category"
  | "attribute"
  | "attributeSet"
  | "tag"
  | "coupon"
  | "deliveryMethod"
  | "customerGroup"
  | "paymentMethod"
  | "productImport"
  // content, media, templates (decisions 0051-0056)
  | "page"
  | "post"
  | "term"
  | "event"
  | "pageElement"
  | "navigation"
  | "masterComponent"
  | "media"
  | "mailTemplate"
  | "form"
  | "newsletterSubscriber"
  | "redirect"
  | "failedRequest"
  // the headless API (decision 0057)
  | "apiKey"
  // a cart staff build for a customer on the phone (decision 0109)
  | "cart";

export type AuditChange = {
  entity: AuditEntity;
  entityId: number | null;
  /** The change in the shop's words: "markPaid", "ship", "cancel", "block", "erase", ... */
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

type Actor = Pick<Staff, "id" | "email">;

export async function recordAudit(executor: Executor, actor: Actor, change: AuditChange): Promise<void> {
  await executor.insert(auditLog).values({
    siteId: SITE_ID,
    actorId: actor.id,
    actorEmail: actor.email,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: change.before ? jsonSafe(change.before) : null,
    after: change.after ? jsonSafe(change.after) : null,
  });
}

export type AuditEntry = {
  id: number;
  /** Which kind of row changed: it says how the values read (an order's status is not a mail's). */
  entity: string;
  actorEmail: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/** An entity's trail, newest first (the "audit log" panel of a detail screen). */
export async function auditTrail(entity: AuditEntity, entityId: number, limit = 50): Promise<AuditEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.siteId, SITE_ID), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The fields of `after` whose value differs from `before`, with both values: what the trail shows. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    was[key] = before[key] ?? null;
    now[key] = value;
  }
  return { before: was, after: now };
}

// Dates become ISO strings and undefined disappears, as they will when read back.
function jsonSafe(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}
