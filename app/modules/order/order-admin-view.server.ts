import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { consentLogs, consents, mailOutbox, orderItems, orderNotes, orders, products } from "~/.server/db/schema";
import { localized } from "~/lib/links";
import type { Locale } from "~/lib/locales";
import { auditTrail } from "~/modules/kernel/audit.server";
import { SITE_ID } from "~/modules/kernel/options";
import { moneyOf, outstandingCents, refundableCents } from "~/modules/payment/ledger.server";
import { orderParts } from "./order-parts.server";
import { allowedMoves, owedByBank } from "./order-states";

/**
 * What the backoffice order page shows (decision 0039): the order with its lines, the
 * moves the state machine allows now, its shipments and returns, the consents given at checkout, the mails sent
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
  const [mails, notes, audit, money, consentRows, parts] = await Promise.all([
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
    moneyOf(db, order.id),
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
    orderParts(db, order),
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
    // Once a part came back, the rest comes back as a part too (order-return-part.server.ts).
    moves: allowedMoves(order).filter((move) => move !== "return" || parts.returns.length === 0),
    // Shipped and returned in parts (decision 0108).
    parts,
    // The ledger and what follows from it: what is still owed, what can be given back.
    money: {
      entries: money,
      outstandingCents: order.paymentStatus === "pending" ? outstandingCents(order) : 0,
      refundableCents: refundableCents(order),
      owedByBankCents: owedByBank(order),
      overpaidCents: Math.max(order.paidAmountCents - order.orderTotalCents, 0),
    },
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

/** What a document download needs of the order with this number (null: 404): its id, language, payment and page. */
export async function orderRefOf(slug: string) {
  const db = await getDb();
  const [order] = await db
    .select({
      id: orders.id,
      slug: orders.slug,
      locale: orders.locale,
      status: orders.status,
      paymentGateway: orders.paymentGateway,
      orderTotalCents: orders.orderTotalCents,
      currencyLabel: orders.currencyLabel,
      billingAddress: orders.billingAddress,
    })
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.slug, slug)));
  return order ? { ...order, page: `/admin/orders/${encodeURIComponent(order.slug)}` } : null;
}
