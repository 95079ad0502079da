import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/.server/env.server";

/**
 * The token of an order draft's link (docs/decisions/0076): the order id signed with the
 * session secret, so the customer opens the offer from the mail without an account. It
 * names one order and reveals nothing else; once the draft is accepted the page only shows
 * the order's state.
 */
function sign(orderId: number, secret: string) {
  return createHmac("sha256", secret).update(`order-offer:${orderId}`).digest("base64url");
}

export function offerToken(orderId: number): string {
  return sign(orderId, env.SESSION_SECRETS[0]);
}

/** Whether `token` is the offer token of `orderId` (any secret in rotation). */
export function offerTokenMatches(orderId: number, token: string | null | undefined): boolean {
  if (!token || !/^[\w-]{43}$/.test(token)) return false;
  const given = Buffer.from(token);
  return env.SESSION_SECRETS.some((secret) => {
    const expected = Buffer.from(sign(orderId, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
