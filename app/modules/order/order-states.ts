import type { OrderStatus, PaymentGateway, PaymentStatus } from "~/.server/db/schema";

/**
 * The order state machine (docs/decisions/0039): which backoffice moves an
 * order allows from its fulfilment status, its payment status and how it is paid. Pure, so
 * the screen (it offers only these) and the service (it refuses anything else, 409) ask the
 * same rules.
 *
 *   awaiting payment ──markPaid──▶ paid ──ship──▶ shipped ──deliver──▶ delivered ──return──▶ returned
 *   any open order (draft, received, shipped) ──cancel──▶ cancelled
 *
 * Cash on delivery is paid to the courier: it may be shipped while payment is pending and
 * "delivered" marks it paid. A card payment is settled by the provider, never by hand.
 */
export const ORDER_MOVES = ["markPaid", "ship", "deliver", "cancel", "return"] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

export type OrderState = { status: OrderStatus; paymentStatus: PaymentStatus; paymentGateway: PaymentGateway };

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
      // "completed" is the older spelling of delivered.
      return order.status === "delivered" || order.status === "completed";
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
};

/**
 * Whether a cancel or return gives money back through the provider: a card payment taken.
 * A paid bank transfer is returned by the shop's bank by hand (decision 0039): the screen
 * says so and the payment stays "paid".
 */
export function refundsThroughProvider(order: Pick<OrderState, "paymentStatus" | "paymentGateway">): boolean {
  return order.paymentGateway === "card" && order.paymentStatus === "paid";
}

/** A paid order whose money the shop must send back by bank after a cancel or return. */
export function refundByBank(order: Pick<OrderState, "status" | "paymentStatus" | "paymentGateway">): boolean {
  return (order.status === "cancelled" || order.status === "returned") && order.paymentStatus === "paid" && order.paymentGateway !== "card";
}
