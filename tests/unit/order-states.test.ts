import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, PAYMENT_GATEWAYS, PAYMENT_STATUSES } from "~/.server/db/schema";
import { allowedMoves, awaitsPayment, canMove, refundByBank, refundsThroughProvider, type OrderState } from "~/modules/order/order-states";

/** The order state machine (decision 0039): which moves each (status, payment, gateway) allows. */
const state = (
  status: OrderState["status"],
  paymentStatus: OrderState["paymentStatus"],
  paymentGateway: OrderState["paymentGateway"],
): OrderState => ({ status, paymentStatus, paymentGateway });

describe("order moves", () => {
  it.each([
    [state("received", "pending", "bankTransfer"), ["markPaid", "cancel"]],
    [state("draft", "pending", "bankTransfer"), ["markPaid", "cancel"]],
    [state("received", "paid", "bankTransfer"), ["ship", "cancel"]],
    [state("received", "paid", "card"), ["ship", "cancel"]],
    // A card payment is settled by the provider, never marked paid by hand; unpaid it cannot ship.
    [state("received", "pending", "card"), ["cancel"]],
    [state("received", "failed", "card"), ["cancel"]],
    // Cash on delivery ships unpaid (paid at the door).
    [state("received", "pending", "cashOnDelivery"), ["markPaid", "ship", "cancel"]],
    [state("shipped", "pending", "cashOnDelivery"), ["deliver", "cancel"]],
    [state("shipped", "paid", "card"), ["deliver", "cancel"]],
    [state("delivered", "paid", "bankTransfer"), ["return"]],
    [state("completed", "paid", "card"), ["return"]],
    [state("cancelled", "refunded", "card"), []],
    [state("returned", "paid", "bankTransfer"), []],
  ] as const)("%o allows %o", (order, moves) => {
    expect(allowedMoves(order)).toEqual(moves);
  });

  it("never allows a move out of cancelled or returned, whatever the payment", () => {
    for (const status of ["cancelled", "returned"] as const)
      for (const payment of PAYMENT_STATUSES)
        for (const gateway of PAYMENT_GATEWAYS) expect(allowedMoves(state(status, payment, gateway))).toEqual([]);
  });

  it("ships only what is paid or paid on delivery, and delivers only what was shipped", () => {
    for (const status of ORDER_STATUSES)
      for (const payment of PAYMENT_STATUSES)
        for (const gateway of PAYMENT_GATEWAYS) {
          const order = state(status, payment, gateway);
          if (canMove(order, "ship")) expect(payment === "paid" || (gateway === "cashOnDelivery" && payment === "pending")).toBe(true);
          if (canMove(order, "deliver")) expect(status).toBe("shipped");
          if (canMove(order, "markPaid")) expect(payment).toBe("pending");
        }
  });
});

describe("money", () => {
  it("refunds a paid card through the provider; a paid transfer or cash after cancel or return is owed back by bank", () => {
    expect(refundsThroughProvider(state("received", "paid", "card"))).toBe(true);
    expect(refundsThroughProvider(state("received", "pending", "card"))).toBe(false);
    expect(refundsThroughProvider(state("received", "paid", "bankTransfer"))).toBe(false);
    expect(refundByBank(state("cancelled", "paid", "bankTransfer"))).toBe(true);
    expect(refundByBank(state("returned", "paid", "cashOnDelivery"))).toBe(true);
    expect(refundByBank(state("cancelled", "refunded", "card"))).toBe(false);
    expect(refundByBank(state("delivered", "paid", "bankTransfer"))).toBe(false);
  });

  it("an order awaits payment only while open and not paid or refunded", () => {
    expect(awaitsPayment(state("received", "pending", "card"))).toBe(true);
    expect(awaitsPayment(state("received", "failed", "card"))).toBe(true);
    expect(awaitsPayment(state("received", "refunded", "card"))).toBe(false);
    expect(awaitsPayment(state("cancelled", "cancelled", "card"))).toBe(false);
    expect(awaitsPayment(state("received", "paid", "card"))).toBe(false);
  });
});
