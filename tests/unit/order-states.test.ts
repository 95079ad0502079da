import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, PAYMENT_GATEWAYS, PAYMENT_STATUSES } from "~/.server/db/schema";
import {
  allowedMoves,
  awaitsPayment,
  canMove,
  customerCancelRefusal,
  owedByBank,
  refundsThroughProvider,
  type OrderState,
} from "~/modules/order/order-states";

/**
 * The order state machine (decision 0039): which moves each (status, payment, gateway)
 * allows, and the money moves that follow from the order's ledger (decision 0100).
 * A "paid" or "refunded" order received its total of 100,00 unless the test says otherwise.
 */
const state = (
  status: OrderState["status"],
  paymentStatus: OrderState["paymentStatus"],
  paymentGateway: OrderState["paymentGateway"],
  money: Partial<Pick<OrderState, "paidAmountCents" | "refundedCents">> = {},
): OrderState => ({
  status,
  paymentStatus,
  paymentGateway,
  paidAmountCents: paymentStatus === "paid" || paymentStatus === "refunded" ? 10_000 : 0,
  refundedCents: paymentStatus === "refunded" ? 10_000 : 0,
  ...money,
});

describe("order moves", () => {
  it.each([
    [state("received", "pending", "bankTransfer"), ["markPaid", "cancel"]],
    [state("draft", "pending", "bankTransfer"), ["markPaid", "cancel"]],
    [state("received", "paid", "bankTransfer"), ["ship", "cancel", "refund"]],
    [state("received", "paid", "card"), ["ship", "cancel", "refund"]],
    // A part paid: more can be recorded, nothing ships yet, the part can be given back.
    [state("received", "pending", "bankTransfer", { paidAmountCents: 5_000 }), ["markPaid", "cancel", "refund"]],
    // A card payment is settled by the provider, never marked paid by hand; unpaid it cannot ship.
    [state("received", "pending", "card"), ["cancel"]],
    [state("received", "failed", "card"), ["cancel"]],
    // Cash on delivery ships unpaid (paid at the door).
    [state("received", "pending", "cashOnDelivery"), ["markPaid", "ship", "cancel"]],
    [state("shipped", "pending", "cashOnDelivery"), ["deliver", "cancel"]],
    [state("shipped", "paid", "card"), ["deliver", "cancel", "refund"]],
    [state("delivered", "paid", "bankTransfer"), ["return", "returnPart", "refund"]],
    [state("completed", "paid", "card"), ["return", "returnPart", "refund"]],
    [state("cancelled", "refunded", "card"), []],
    // Returned and paid by bank: the money is owed back, and its refund is recorded here.
    [state("returned", "paid", "bankTransfer"), ["refund"]],
    [state("returned", "paid", "bankTransfer", { refundedCents: 4_000 }), ["refund"]],
    [state("returned", "refunded", "bankTransfer"), []],
  ] as const)("%o allows %o", (order, moves) => {
    expect(allowedMoves(order)).toEqual(moves);
  });

  it("allows no move out of cancelled or returned but the refund of money still held", () => {
    for (const status of ["cancelled", "returned"] as const)
      for (const payment of PAYMENT_STATUSES)
        for (const gateway of PAYMENT_GATEWAYS) {
          const order = state(status, payment, gateway);
          expect(allowedMoves(order)).toEqual(order.paidAmountCents > order.refundedCents ? ["refund"] : []);
        }
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
    expect(owedByBank(state("cancelled", "paid", "bankTransfer"))).toBe(10_000);
    expect(owedByBank(state("returned", "paid", "cashOnDelivery"))).toBe(10_000);
    // A part given back already: the rest is owed.
    expect(owedByBank(state("returned", "paid", "bankTransfer", { refundedCents: 2_500 }))).toBe(7_500);
    // A part of the total paid, then cancelled: that part is owed.
    expect(owedByBank(state("cancelled", "pending", "bankTransfer", { paidAmountCents: 5_000 }))).toBe(5_000);
    expect(owedByBank(state("cancelled", "refunded", "card"))).toBe(0);
    expect(owedByBank(state("delivered", "paid", "bankTransfer"))).toBe(0);
  });

  it("an order awaits payment only while open and not paid or refunded", () => {
    expect(awaitsPayment(state("received", "pending", "card"))).toBe(true);
    expect(awaitsPayment(state("received", "failed", "card"))).toBe(true);
    expect(awaitsPayment(state("received", "refunded", "card"))).toBe(false);
    expect(awaitsPayment(state("cancelled", "cancelled", "card"))).toBe(false);
    expect(awaitsPayment(state("received", "paid", "card"))).toBe(false);
  });
});

describe("the customer's own cancel (decision 0126)", () => {
  it.each([
    [state("received", "pending", "bankTransfer"), 0, null],
    [state("draft", "pending", "bankTransfer"), 0, null],
    [state("processing", "failed", "card"), 0, null],
    [state("received", "pending", "cashOnDelivery"), 0, null],
    // A parcel has left although the order still awaits the rest of it (decision 0108).
    [state("received", "pending", "cashOnDelivery"), 1, "shipped"],
    [state("shipped", "pending", "cashOnDelivery"), 0, "shipped"],
    // Money came in: the shop gives it back, a person decides.
    [state("received", "paid", "card"), 0, "paid"],
    [state("received", "pending", "bankTransfer", { paidAmountCents: 1_000 }), 0, "paid"],
    [state("delivered", "paid", "bankTransfer"), 0, "closed"],
    [state("cancelled", "cancelled", "bankTransfer"), 0, "closed"],
    [state("returned", "refunded", "card"), 0, "closed"],
  ] as const)("%o with %i parcels: %s", (order, parcels, refusal) => {
    expect(customerCancelRefusal(order, parcels)).toBe(refusal);
    // Never where the backoffice itself could not cancel.
    if (refusal === null) expect(canMove(order, "cancel")).toBe(true);
  });
});
