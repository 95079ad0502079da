import type { OrderStatus, PaymentGateway, PaymentStatus } from "~/.server/db/schema";

/**
 * The order state machine (docs/decisions/0039): which backoffice moves an
 * order allows from its fulfilment status, its payment status and how it is paid. Pure, so
 * the screen (it offers only these) and the service (it refuses anything else, 409) ask the
 * same rules.
 *
 *   awaiting payment ──markPaid──▶ paid ──ship──▶ shipped ──deliver──▶ delivered ──return──▶ returned
 *   any open order (draft, received, shipped) ──cancel──▶ cancelled
 *   any order with money received and not given back ──refund──▶ (a refund in its ledger)
 *   delivered ──returnPart──▶ delivered (a part back), or returned once everything is back
 *
 * "ship" records a parcel (decision 0108): the order stays received until nothing is left to ship.
 *
 * "markPaid" records a payment: a part of the total leaves the order awaiting the rest.
 * Cash on delivery is paid to the courier: it may be shipped while payment is pending and
 * "delivered" marks it paid. A card payment is settled by the provider, never by hand.
 */
export const ORDER_MOVES = ["markPaid", "ship", "deliver", "cancel", "return", "returnPart", "refund"] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

export type OrderState = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentGateway: PaymentGateway;
  /** Received so far and given back so far (the order's ledger). */
  paidAmountCents: number;
  refundedCents: number;
};

/** Money received and not given back. */
const refundable = (order: Pick<OrderState, "paidAmountCents" | "refundedCents">) => order.paidAmountCents - order.refundedCents;

// "processing" is an older spelling of received, kept for rows that carry it.
const AWAITING_SHIPMENT: readonly OrderStatus[] = ["draft", "received", "processing"];
const OPEN: readonly OrderStatus[] = [...AWAITING_SHIPMENT, "shipped"];

/** Whether an order is still under way (not yet delivered, cancelled or returned): the shop still needs its address. */
export function isOpenOrder(status: OrderStatus): boolean {
  return OPEN.includes(status);
}

/** Whether the customer still owes the money (no payment taken, none given back). */
export function awaitsPayment(order: Pick<OrderState, "status" | "paymentStatus">): boolean {
  return (
    OPEN.includes(order.status) &&
    (order.paymentStatus === "pending" || order.paymentStatus === "failed" || order.paymentStatus === "cancelled")
  );
}

export function canMove(order: OrderState, move: OrderMove): boolean {
  switch (move) {
    case "markPaid":
      return AWAITING_SHIPMENT.includes(order.status) && order.paymentStatus === "pending" && order.paymentGateway !== "card";
    case "ship":
      return (
        (order.status === "received" || order.status === "processing") &&
        (order.paymentStatus === "paid" || (order.paymentGateway === "cashOnDelivery" && order.paymentStatus === "pending"))
      );
    case "deliver":
      return order.status === "shipped";
    case "cancel":
      return OPEN.includes(order.status);
    case "return":
    case "returnPart":
      // "completed" is the older spelling of delivered.
      return order.status === "delivered" || order.status === "completed";
    case "refund":
      return refundable(order) > 0;
  }
}

export function allowedMoves(order: OrderState): OrderMove[] {
  return ORDER_MOVES.filter((move) => canMove(order, move));
}

/** The status an order reaches by a move. */
export const MOVE_TARGET: Record<OrderMove, OrderStatus | null> = {
  markPaid: null,
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
  return: "returned",
  returnPart: null,
  refund: null,
};

/**
 * Whether money goes back through the provider: a card payment taken (a cancel or return
 * gives back all of it, a refund the amount asked). Money received by bank or cash goes back
 * by the shop's bank, and the shop records the refund once it is sent (decision 0100).
 */
export function refundsThroughProvider(order: Pick<OrderState, "paymentGateway" | "paidAmountCents" | "refundedCents">): boolean {
  return order.paymentGateway === "card" && refundable(order) > 0;
}

/** The money the shop still owes back by bank after a cancel or return (0 when none). */
export function owedByBank(order: Pick<OrderState, "status" | "paymentGateway" | "paidAmountCents" | "refundedCents">): number {
  return (order.status === "cancelled" || order.status === "returned") && order.paymentGateway !== "card"
    ? Math.max(refundable(order), 0)
    : 0;
}

/** Why a customer may not cancel their order themselves (null: they may). */
export type CustomerCancelRefusal = "closed" | "shipped" | "paid";

/**
 * Whether the customer may cancel the order themselves (decision 0126), asked by every
 * place that offers it (the API's order cancel; the account's order page when it offers
 * the button): only an order the backoffice could cancel too, before anything of it left
 * the shop (no parcel recorded: `parcels`) and before any money came in. Once money was
 * received the shop must give it back, and a person decides that: the customer asks the
 * shop instead.
 */
export function customerCancelRefusal(
  order: Pick<OrderState, "status" | "paymentStatus" | "paidAmountCents" | "refundedCents">,
  parcels: number,
): CustomerCancelRefusal | null {
  if (!OPEN.includes(order.status)) return "closed";
  if (!AWAITING_SHIPMENT.includes(order.status) || parcels > 0) return "shipped";
  if (order.paidAmountCents > 0 || order.paymentStatus === "paid" || order.paymentStatus === "refunded") return "paid";
  return null;
}
