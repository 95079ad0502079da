import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { documentNumbers, issuedDocuments, orderItems, orders, type DocumentKind } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { getSellerDetails, type SellerDetails } from "~/modules/payment/seller.server";
import { buildSnapshot, type DocumentSnapshot, type SnapshotLine } from "./document-snapshot";
import { fiscalProvider, needsFiscalisation } from "./fiscal/fiscal-provider.server";

/**
 * Issuing an order's documents (decision 0104). Each kind is issued once per order (a
 * unique index holds it under concurrency), numbered in its own yearly series, with a
 * frozen snapshot of what it prints; nothing here ever updates or deletes one (the
 * database refuses it too). `syncOrderDocuments` brings an order's documents in line with
 * its state: an invoice for every order past a quote, a storno once a cancelled order has
 * an invoice, the credit note of a returned order. It runs inside the backoffice move's
 * transaction and, for orders from before issued documents, on the first view.
 */
type OrderRow = typeof orders.$inferSelect;
export type IssuedDocument = typeof issuedDocuments.$inferSelect & { snapshot: DocumentSnapshot };
/** Who issues: a backoffice user, or null for the web shop itself. */
export type Operator = { id: number; email: string } | null;

async function nextSequence(tx: Executor, kind: DocumentKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ siteId: SITE_ID, kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentNumbers.siteId, documentNumbers.kind, documentNumbers.year],
      set: { last: sql`${documentNumbers.last} + 1` },
    })
    .returning({ last: documentNumbers.last });
  return row.last;
}

/**
 * The printed number: an invoice "7/WEB1/1" (sequence / business premises / payment device,
 * as Croatian fiscalisation writes it), its storno "S-7/WEB1/1" in a series of its own,
 * a delivery note "OTP-2026-000007"; a credit note keeps the number the return gave it.
 */
export function documentNumber(
  kind: DocumentKind,
  year: number,
  sequence: number,
  seller: Pick<SellerDetails, "premisesCode" | "deviceCode">,
) {
  const fiscal = `${sequence}/${seller.premisesCode}/${seller.deviceCode}`;
  if (kind === "invoice") return fiscal;
  if (kind === "storno") return `S-${fiscal}`;
  const padded = `${year}-${String(sequence).padStart(6, "0")}`;
  return kind === "deliveryNote" ? `OTP-${padded}` : padded;
}

export async function orderLines(tx: Executor, orderId: number): Promise<SnapshotLine[]> {
  return tx
    .select({
      name: orderItems.name,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      lengthMm: orderItems.lengthMm,
      unitCents: orderItems.unitCents,
      rowCents: orderItems.rowCents,
      taxRateBp: orderItems.taxRateBp,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

async function findDocument(tx: Executor, orderId: number, kind: DocumentKind, part = 0): Promise<IssuedDocument | null> {
  const [row] = await tx
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.orderId, orderId), eq(issuedDocuments.kind, kind), eq(issuedDocuments.part, part)));
  return (row as IssuedDocument | undefined) ?? null;
}

async function issue(
  tx: Executor,
  order: OrderRow,
  kind: DocumentKind,
  operator: Operator,
  extra: {
    refersTo?: IssuedDocument;
    reason?: string | null;
    number?: { year: number; sequence: number; text: string };
    /** A part of the order (decision 0108): its number and the lines it carries. */
    part?: { number: number; lines: SnapshotLine[] };
  } = {},
): Promise<IssuedDocument> {
  const existing = await findDocument(tx, order.id, kind, extra.part?.number);
  if (existing) return existing;
  const seller = await getSellerDetails(tx);
  const issuedAt = new Date();
  const year = extra.number?.year ?? issuedAt.getUTCFullYear();
  const sequence = extra.number?.sequence ?? (await nextSequence(tx, kind, year));
  const number = extra.number?.text ?? documentNumber(kind, year, sequence, seller);
  const fiscal =
    (kind === "invoice" || kind === "storno") && needsFiscalisation(order.paymentGateway)
      ? await fiscalProvider().fiscalise({
          sellerOib: seller.oib,
          issuedAt,
          sequence,
          premises: seller.premisesCode,
          device: seller.deviceCode,
          totalCents: kind === "storno" ? -order.orderTotalCents : order.orderTotalCents,
          paymentGateway: order.paymentGateway,
        })
      : null;
  const snapshot = buildSnapshot({
    kind,
    number,
    issuedAt,
    operator: operator?.email ?? null,
    seller,
    order,
    lines: extra.part?.lines ?? (await orderLines(tx, order.id)),
    refersTo: extra.refersTo ? { number: extra.refersTo.number, issuedAt: extra.refersTo.issuedAt.toISOString() } : null,
    fiscal,
    reason: extra.reason ?? null,
  });
  const [row] = await tx
    .insert(issuedDocuments)
    .values({
      siteId: SITE_ID,
      orderId: order.id,
      kind,
      part: extra.part?.number ?? 0,
      number,
      year,
      sequence,
      issuedAt,
      operatorId: operator?.id ?? null,
      operatorName: operator?.email ?? null,
      snapshot,
    })
    .returning();
  return row as IssuedDocument;
}

/** The credit note keeps the number the return gave it ("2026-000003", order-return.server.ts). */
function creditNoteNumber(slug: string | null) {
  const match = /^(\d{4})-(\d+)$/.exec(slug ?? "");
  return match && slug ? { year: Number(match[1]), sequence: Number(match[2]), text: slug } : undefined;
}

/**
 * The documents the order's state calls for, issued where missing, inside the caller's
 * transaction (the order row locked by the caller, or read here).
 */
export async function syncOrderDocuments(tx: Executor, orderId: number, operator: Operator): Promise<IssuedDocument[]> {
  // Locked: two first views at once issue one invoice, numbered once.
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.siteId, SITE_ID)))
    .for("update");
  if (!order || order.status === "draft") return [];
  const invoice = await issue(tx, order, "invoice", operator);
  const issued = [invoice];
  if (order.status === "cancelled")
    issued.push(await issue(tx, order, "storno", operator, { refersTo: invoice, reason: order.cancelReason }));
  if (order.status === "returned" && order.creditNoteSlug)
    issued.push(
      await issue(tx, order, "creditNote", operator, {
        refersTo: invoice,
        number: creditNoteNumber(order.creditNoteSlug),
        reason: order.cancelReason,
      }),
    );
  return issued;
}

/** An order's documents, those its state calls for issued first (lazily, for orders from before issued documents). */
export async function orderDocuments(orderId: number, operator: Operator = null): Promise<IssuedDocument[]> {
  const db = await getDb();
  await db.transaction((tx) => syncOrderDocuments(tx, orderId, operator));
  const rows = await db.select().from(issuedDocuments).where(eq(issuedDocuments.orderId, orderId)).orderBy(asc(issuedDocuments.id));
  return rows as IssuedDocument[];
}

/** The delivery note, issued the first time it is printed (its lines and quantities as the order has them then). */
export async function deliveryNote(orderId: number, operator: Operator): Promise<IssuedDocument | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.siteId, SITE_ID)))
      .for("update");
    if (!order || order.status === "draft") return null;
    return issue(tx, order, "deliveryNote", operator);
  });
}

/**
 * The delivery note of the order's n-th shipment (decision 0108): only that parcel's lines
 * and quantities, numbered in the delivery notes' series, issued with the shipment.
 */
export async function issueShipmentNote(tx: Executor, order: OrderRow, operator: Operator, part: number, lines: SnapshotLine[]) {
  return issue(tx, order, "deliveryNote", operator, { part: { number: part, lines } });
}

/**
 * The credit note of the order's n-th partial return (decision 0108): the returned lines at
 * the value they were charged (`totals`: that part's share of the order's), referring to the
 * invoice, numbered in the credit notes' series (order-return.server.ts nextCreditNoteNumber).
 */
export type PartTotals = Pick<
  OrderRow,
  "itemsTotalCents" | "couponCents" | "loyaltyCents" | "deliveryCents" | "taxCents" | "orderTotalCents"
>;
export async function issueReturnCreditNote(
  tx: Executor,
  order: OrderRow,
  operator: Operator,
  part: { number: number; creditNote: string; lines: SnapshotLine[]; totals: PartTotals; reason: string },
) {
  const invoice = await issue(tx, order, "invoice", operator);
  return issue(tx, { ...order, ...part.totals }, "creditNote", operator, {
    refersTo: invoice,
    number: creditNoteNumber(part.creditNote),
    reason: part.reason,
    part: { number: part.number, lines: part.lines },
  });
}

/** The issued delivery note of a shipment, or the credit note of a partial return; null when there is none. */
export async function partDocument(orderId: number, kind: "deliveryNote" | "creditNote", part: number): Promise<IssuedDocument | null> {
  return findDocument(await getDb(), orderId, kind, part);
}

/** The invoice of a newly placed order, issued by the web shop once its placement stands. */
export async function issuePlacedOrderInvoice(orderId: number): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => syncOrderDocuments(tx, orderId, null));
}
