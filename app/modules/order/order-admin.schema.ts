import { z } from "zod/v4";
import { id, integer, money, text } from "~/lib/schema-fields";
import { isIsoDay, shopDay } from "~/modules/kernel/shop-days";

/**
 * The forms of the backoffice order page (decision 0039): one intent per move of the
 * state machine (order-states.ts), each posting the order's `version` (optimistic
 * concurrency), plus an internal note and "send the confirmation again"; and the list's
 * bulk "mark delivered".
 */
const version = integer({ min: 0 });

/** An amount of money received or given back as a person types it ("1234,50" or "1234.50" euros), in cents, more than 0. */
const amount = money().refine((cents) => cents > 0, "adminOrders.validation.amountPositive");

/** The day money moved: a real day, not after today (a bank statement of tomorrow does not exist). */
const day = text({ max: 10, required: true })
  .refine(isIsoDay, "adminOrders.validation.day")
  .refine((value) => value <= shopDay(), "adminOrders.validation.futureDay");

/** A tracking link: empty, or an https address (never javascript: or plain http, it lands in the customer's mail and page). */
const trackingUrl = text({ max: 500 }).refine((value) => {
  if (value === "") return true;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}, "adminOrders.validation.trackingUrl");

/**
 * The quantities of a shipment or a partial return, one per order line (decision 0108):
 * `lines[0].id`, `lines[0].quantity`, ... as the form posts them.
 */
const partLines = z.array(z.object({ id: id(), quantity: integer({ min: 0, max: 1_000_000 }) })).max(500);

export const orderMoveSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("markPaid"), version, paidOn: day, paidAmount: amount }),
  z.object({
    intent: z.literal("ship"),
    version,
    lines: partLines.optional(),
    carrier: text({ max: 100 }),
    trackingNumber: text({ max: 100 }),
    trackingUrl,
  }),
  z.object({ intent: z.literal("deliver"), version }),
  z.object({ intent: z.literal("cancel"), version, reason: text({ max: 1000, required: true, multiline: true }) }),
  z.object({ intent: z.literal("return"), version, reason: text({ max: 1000, multiline: true }) }),
  z.object({
    intent: z.literal("returnPart"),
    version,
    lines: partLines.min(1),
    reason: text({ max: 1000, required: true, multiline: true }),
    refundOn: day,
    // Empty: the returned lines' value (as far as it was received); 0: nothing given back now.
    refundAmount: money({ required: false }),
  }),
  z.object({ intent: z.literal("refund"), version, refundOn: day, refundAmount: amount, refundNote: text({ max: 500 }) }),
  z.object({ intent: z.literal("note"), text: text({ max: 5000, required: true, multiline: true }) }),
  z.object({ intent: z.literal("resend") }),
]);
export type OrderMoveInput = z.output<typeof orderMoveSchema>;

/** The order list's bulk action: the ticked orders (at most a page of 100). */
export const orderBulkSchema = z.object({
  intent: z.literal("deliverSelected"),
  ids: z.array(id()).max(100).default([]),
});
