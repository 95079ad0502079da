import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { consentLogs, consents, mailOutbox, orderItems, orderNotes, orders, products } from "~/.server/db/schema";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { auditTrail } from "~/modules/kernel/audit.server";
import { SITE_ID } from "~/modules/kernel/options";
import { allowedMoves, refundByBank } from "./order-states";

/**
 * What the backoffice order page shows (decision 0039): the order with its lines, the
 * moves the state machine allows now, the consents given at checkout, the mails sent
 * about it, the internal notes (newest first) and the audit trail.
 */
export type OrderAdminView = NonNullable<Awaited<ReturnType<typeof orderAdminView>>>;

// Checkout names the consent log on the order (consent_log_id); orders placed before it did
// are matched by the order's e-mail and a time close to the order's (decision 0039).
const CONSENT_WINDOW_MS = 2 * 60 * 1000;

export async function orderAdminView(slug: string, locale: Locale) {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.slug, slug)));
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const variantIds = [...new Set(lines.flatMap((l) => l.options.bundleOptions.map((o) => o.variantId)))];
  const variantSkus = new Map(
    variantIds.length
      ? (await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, variantIds))).map((p) => [
          p.id,
          p.sku,
        ])
      : [],
  );
  const [mails, notes, audit, consentRows] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(desc(orderNotes.createdAt), desc(orderNotes.id)),
    auditTrail("order", order.id),
    db
      .select()
      .from(consentLogs)
      .where(
        order.consentLogId !== null
          ? eq(consentLogs.id, order.consentLogId)
          : and(
              eq(consentLogs.siteId, SITE_ID),
              eq(consentLogs.sourceType, "checkoutForm"),
              eq(consentLogs.email, order.email.toLowerCase()),
              gte(consentLogs.statusTimestamp, new Date(order.createdAt.getTime() - CONSENT_WINDOW_MS)),
              lte(consentLogs.statusTimestamp, new Date(order.createdAt.getTime() + CONSENT_WINDOW_MS)),
            ),
      )
      .orderBy(asc(consentLogs.statusTimestamp))
      .limit(1),
  ]);
  const consentIds = consentRows[0]?.consents ?? [];
  const consentNames = consentIds.length
    ? await db.select({ id: consents.id, name: consents.displayName }).from(consents).where(inArray(consents.id, consentIds))
    : [];
  return {
    order: {
      ...order,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      shippedAt: order.shippedAt?.toISOString() ?? null,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
      returnedAt: order.returnedAt?.toISOString() ?? null,
      updatedAt: order.updatedAt.toISOString(),
    },
    lines: lines.map((line) => ({
      id: line.id,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitCents: line.unitCents,
      lengthMm: line.lengthMm,
      rowCents: line.rowCents,
      options: [
        ...Object.entries(line.options.personalizations).map(([key, value]) => `${key}: ${value}`),
        ...line.options.bundleOptions.map((o) => variantSkus.get(o.variantId) ?? `#${o.variantId}`),
      ],
    })),
    moves: allowedMoves(order),
    paidAmountDiffers: order.paidAmountCents !== null && order.paidAmountCents !== order.orderTotalCents,
    refundByBank: refundByBank(order),
    consents: consentRows[0]
      ? {
          at: consentRows[0].statusTimestamp.toISOString(),
          names: consentIds.map((id) => localized(consentNames.find((c) => c.id === id)?.name ?? {}, locale) || `#${id}`),
        }
      : null,
    mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    notes: notes.map((n) => ({ id: n.id, authorEmail: n.authorEmail, text: n.text, createdAt: n.createdAt.toISOString() })),
    audit,
  };
}

/** The id of the order with this number, for the page's action (null: 404). */
export async function orderIdOf(slug: string): Promise<number | null> {
  const db = await getDb();
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.slug, slug)));
  return order?.id ?? null;
}
