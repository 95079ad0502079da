import { randomUUID } from "node:crypto";
import type { Executor } from "~/.server/db/client.server";
import { paymentEvents } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { testProviderEnabled } from "../card/card-config.server";
import type { PaymentOrder } from "../gateway.server";
import { cardSecret, REQUEST_FIELDS, RESULT_FIELDS, signFields, verifiedFields } from "../card/card-signature.server";

/**
 * The built-in test card provider (docs/decisions/0072): plays the bank's side so that
 * the redirect flow runs end to end on this machine. It checks the shop's signed request,
 * and for "Pay", "Decline" or "Cancel" posts a signed callback to the shop and sends the
 * browser back with the same signed answer.
 */
export type ProviderRequest = Record<(typeof REQUEST_FIELDS)[number], string>;
export const DECISIONS = { pay: "success", decline: "failure", cancel: "cancel" } as const;

/**
 * A simulated outage of the test provider (docs/decisions/0031): while on,
 * its payment page answers 503 and the shop's card adapter finds it down, so browser tests
 * can walk the "payment could not be started" path. In-process; only where the test
 * provider is on.
 */
const outage = globalThis as unknown as { __testProviderDown?: boolean };

export function setTestProviderDown(down: boolean) {
  outage.__testProviderDown = down;
}

export function testProviderDown(): boolean {
  return testProviderEnabled() && outage.__testProviderDown === true;
}

/** The shop's request when its signature checks out, else null. */
export function verifiedRequest(source: URLSearchParams | Record<string, unknown>): ProviderRequest | null {
  return verifiedFields(source, REQUEST_FIELDS, cardSecret());
}

export async function decide(request: ProviderRequest, decision: keyof typeof DECISIONS): Promise<string> {
  const secret = cardSecret()!;
  const result: Record<(typeof RESULT_FIELDS)[number], string> = {
    orderId: request.orderId,
    orderRef: request.orderRef,
    amount: request.amount,
    currency: request.currency,
    outcome: DECISIONS[decision],
    reference: `tp-${randomUUID()}`,
  };
  const signed = new URLSearchParams({ ...result, signature: signFields(result, RESULT_FIELDS, secret) });
  await postCallback(request.callbackUrl, signed);
  const back = new URL(request.returnUrl);
  for (const [name, value] of signed) back.searchParams.set(name, value);
  return back.toString();
}

/** A real provider calls back on its own; a failed call still leaves the signed return to settle the payment. */
async function postCallback(url: string, body: URLSearchParams) {
  try {
    const response = await fetch(url, { method: "POST", body, signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
  } catch (error) {
    console.warn(`test payment provider: callback to ${url} failed`, error instanceof Error ? error.message : error);
  }
}

/**
 * The test provider's refund (decision 0039): recorded as a payment_events row of kind
 * "refund" in the shop's transaction. Refused while the simulated outage is on, or beyond
 * the order's total, as a real provider would.
 */
export async function refundTestPayment(tx: Executor, order: PaymentOrder, amountCents: number): Promise<{ reference: string }> {
  if (!testProviderEnabled() || testProviderDown() || amountCents <= 0 || amountCents > order.orderTotalCents) {
    throw new DomainError("refundFailed", {
      message: "The test provider refused the refund",
      key: "adminOrders.refund.failed",
      status: 502,
    });
  }
  const reference = `tp-refund-${randomUUID()}`;
  await tx.insert(paymentEvents).values({
    orderId: order.id,
    gateway: "card",
    kind: "refund",
    outcome: "success",
    providerReference: reference,
    payload: { amount: String(amountCents), currency: order.currencyLabel },
  });
  return { reference };
}
