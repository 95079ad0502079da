import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { orderShipmentLines, orderShipments, type orders } from "~/.server/db/schema";
import { issueShipmentNote } from "~/modules/documents/issue-documents.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { lineProgress, partLines, partOf, pickQuantities, type PostedLine } from "./order-parts.server";

/**
 * A parcel leaving the shop (decision 0108), inside the "ship" move's transaction with the
 * order locked: the quantities asked (all not yet shipped when none are posted) are checked
 * against what each line still has to ship, the shipment is numbered per order, written with
 * its lines, and gets its own delivery note listing only them. The move makes the order
 * "shipped" once nothing is left to ship.
 */
type Order = typeof orders.$inferSelect;
export type Parcel = {
  number: number;
  /** Nothing of the order is left to ship. */
  complete: boolean;
  /** "Krovni panel (AK-1) × 3, ...": for the audit trail and the customer's mail. */
  lines: string;
  /** Units still to ship after this parcel. */
  rest: number;
  deliveryNote: string;
};

export async function recordShipment(
  tx: Executor,
  staff: Pick<Staff, "id" | "email">,
  order: Order,
  input: { lines?: PostedLine[]; carrier: string; trackingNumber: string; trackingUrl: string },
): Promise<Parcel> {
  const progress = await lineProgress(tx, order);
  const picked = pickQuantities(progress, input.lines, (line) => line.quantity - line.shipped, {
    tooMany: "adminOrders.shipment.tooMany",
    nothing: "adminOrders.shipment.nothing",
  });
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${orderShipments.number}), 0)::int` })
    .from(orderShipments)
    .where(eq(orderShipments.orderId, order.id));
  const [shipment] = await tx
    .insert(orderShipments)
    .values({
      orderId: order.id,
      number: last + 1,
      carrier: input.carrier || null,
      trackingNumber: input.trackingNumber || null,
      trackingUrl: input.trackingUrl || null,
      staffId: staff.id,
      staffEmail: staff.email,
    })
    .returning();
  await tx
    .insert(orderShipmentLines)
    .values(picked.map(({ line, quantity }) => ({ shipmentId: shipment.id, orderItemId: line.id, quantity })));
  // The note prints no prices; the row amounts are this parcel's share all the same, so the snapshot never overstates it.
  const note = await issueShipmentNote(
    tx,
    order,
    staff,
    shipment.number,
    picked.map(({ line, quantity }) => ({
      name: line.name,
      sku: line.sku,
      quantity,
      lengthMm: line.lengthMm,
      unitCents: line.unitCents,
      rowCents: partOf(line.rowCents, line, line.shipped, quantity),
      taxRateBp: line.taxRateBp,
    })),
  );
  const rest = progress.reduce((sum, line) => sum + line.quantity - line.shipped, 0) - picked.reduce((sum, p) => sum + p.quantity, 0);
  return { number: shipment.number, complete: rest === 0, lines: partLines(picked), rest, deliveryNote: note.number };
}
