import { asc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { orderItems, orderReturnLines, orderReturns, orderShipmentLines, orderShipments, type OrderStatus } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";

/**
 * An order sent and taken back in parts (decision 0108): per line, how many were ordered,
 * shipped and returned, read from the shipments and returns. An order that left the shop
 * before shipments were recorded (shipped, delivered or returned with none) shipped whole.
 */
export type LineProgress = {
  id: number;
  name: string;
  sku: string;
  lengthMm: number | null;
  quantity: number;
  unitCents: number;
  rowCents: number;
  taxRateBp: number;
  shipped: number;
  returned: number;
};

const SHIPPED_WHOLE: readonly OrderStatus[] = ["shipped", "delivered", "completed", "returned"];

export async function lineProgress(tx: Executor, order: { id: number; status: OrderStatus }): Promise<LineProgress[]> {
  const lines = await tx
    .select({
      id: orderItems.id,
      name: orderItems.name,
      sku: orderItems.sku,
      lengthMm: orderItems.lengthMm,
      quantity: orderItems.quantity,
      unitCents: orderItems.unitCents,
      rowCents: orderItems.rowCents,
      taxRateBp: orderItems.taxRateBp,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const [shipments, returns] = await Promise.all([shipmentsOf(tx, order.id), returnsOf(tx, order.id)]);
  const sum = (parts: { lines: { itemId: number; quantity: number }[] }[], itemId: number) =>
    parts.reduce((total, part) => total + part.lines.reduce((n, l) => n + (l.itemId === itemId ? l.quantity : 0), 0), 0);
  const shippedWhole = shipments.length === 0 && SHIPPED_WHOLE.includes(order.status);
  return lines.map((line) => ({
    ...line,
    shipped: shippedWhole ? line.quantity : sum(shipments, line.id),
    returned: sum(returns, line.id),
  }));
}

type PartLine = { partId: number; itemId: number; quantity: number };

/** Parts (shipments or returns) with their lines, read in one statement for all of them. */
async function withLines<Part extends { id: number }>(parts: Part[], linesOf: (ids: number[]) => Promise<PartLine[]>) {
  const lines = parts.length ? await linesOf(parts.map((p) => p.id)) : [];
  return parts.map((part) => ({ ...part, lines: lines.filter((l) => l.partId === part.id) }));
}

/** The order's shipments, oldest first, each with its lines. */
export async function shipmentsOf(tx: Executor, orderId: number) {
  const rows = await tx.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.number));
  return withLines(rows, (ids) =>
    tx
      .select({ partId: orderShipmentLines.shipmentId, itemId: orderShipmentLines.orderItemId, quantity: orderShipmentLines.quantity })
      .from(orderShipmentLines)
      .where(inArray(orderShipmentLines.shipmentId, ids))
      .orderBy(asc(orderShipmentLines.id)),
  );
}

/** The order's partial returns, oldest first, each with its lines. */
export async function returnsOf(tx: Executor, orderId: number) {
  const rows = await tx.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(asc(orderReturns.number));
  return withLines(rows, (ids) =>
    tx
      .select({ partId: orderReturnLines.returnId, itemId: orderReturnLines.orderItemId, quantity: orderReturnLines.quantity })
      .from(orderReturnLines)
      .where(inArray(orderReturnLines.returnId, ids))
      .orderBy(asc(orderReturnLines.id)),
  );
}

export type PostedLine = { id: number; quantity: number };

/**
 * The quantities a form posted, checked against what each line allows (`most`): a line
 * not of this order, or more than it allows, is refused at its field naming the most;
 * nothing at all is refused too. Nothing posted means all each line allows (the whole
 * order's "ship" as before parts); a line left out of a posted list, none of it. Returns the lines with a quantity above 0, in the order's order.
 */
export function pickQuantities(
  progress: LineProgress[],
  posted: PostedLine[] | undefined,
  most: (line: LineProgress) => number,
  keys: { tooMany: string; nothing: string },
): { line: LineProgress; quantity: number }[] {
  (posted ?? []).forEach((entry, index) => {
    const line = progress.find((l) => l.id === entry.id);
    const max = line ? most(line) : 0;
    if (!line || entry.quantity > max)
      throw new DomainError("tooMany", {
        message: `At most ${max} of line ${entry.id}`,
        key: keys.tooMany,
        values: { name: line?.name ?? `#${entry.id}`, max },
        field: `lines[${index}].quantity`,
        status: 400,
      });
  });
  const picked = progress
    .map((line) => {
      const entry = posted?.find((p) => p.id === line.id);
      return { line, quantity: entry ? entry.quantity : posted ? 0 : most(line) };
    })
    .filter((p) => p.quantity > 0);
  if (picked.length === 0) throw new DomainError("nothingPicked", { message: "No quantity given", key: keys.nothing, status: 400 });
  return picked;
}

/** "Krovni panel × 3, Žlijeb × 2": the lines of a part as the audit trail and the mail name them. */
export function partLines(picked: { line: { name: string; sku: string }; quantity: number }[]): string {
  return picked.map(({ line, quantity }) => `${line.name} (${line.sku}) × ${quantity}`).join(", ");
}

/**
 * A line's amount for `quantity` of it after `before` already counted: the difference of
 * two rounded shares, so the parts of a line always add up to the whole to the cent.
 */
export function partOf(cents: number, line: { quantity: number }, before: number, quantity: number): number {
  return Math.round((cents * (before + quantity)) / line.quantity) - Math.round((cents * before) / line.quantity);
}

/** What the order pages show of the parts (the backoffice's and the customer's): per line, and each shipment and return with its lines. */
export type OrderParts = Awaited<ReturnType<typeof orderParts>>;

export async function orderParts(tx: Executor, order: { id: number; status: OrderStatus }) {
  const [lines, shipments, returns] = await Promise.all([lineProgress(tx, order), shipmentsOf(tx, order.id), returnsOf(tx, order.id)]);
  const named = (parts: { lines: { itemId: number; quantity: number }[] }) =>
    parts.lines.map((l) => {
      const line = lines.find((candidate) => candidate.id === l.itemId);
      return { name: line?.name ?? `#${l.itemId}`, sku: line?.sku ?? "", quantity: l.quantity };
    });
  return {
    lines: lines.map(({ id, name, sku, quantity, shipped, returned }) => ({ id, name, sku, quantity, shipped, returned })),
    shipments: shipments.map((s) => ({
      number: s.number,
      createdAt: s.createdAt.toISOString(),
      staffEmail: s.staffEmail,
      carrier: s.carrier,
      trackingNumber: s.trackingNumber,
      trackingUrl: s.trackingUrl,
      lines: named(s),
    })),
    returns: returns.map((r) => ({
      number: r.number,
      createdAt: r.createdAt.toISOString(),
      staffEmail: r.staffEmail,
      reason: r.reason,
      creditNoteNumber: r.creditNoteNumber,
      valueCents: r.valueCents,
      refundedCents: r.refundedCents,
      lines: named(r),
    })),
  };
}

/** The same for a page outside a transaction (the customer's order page). */
export async function orderPartsOf(order: { id: number; status: OrderStatus }): Promise<OrderParts> {
  return orderParts(await getDb(), order);
}
