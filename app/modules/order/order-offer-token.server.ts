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

/**
 * The guest's own link to an order (decision 0126): a buyer without an account reads the
 * order, its payment instructions and "pay again" through it (the API's
 * ecommerce/order/guest/{token}); the HTML shop's success page has the signed lastOrder
 * cookie for the same. The order id and its signature with the session secret (a purpose
 * of its own, so an offer's token opens no order and back): it names one order, it cannot
 * be guessed or turned into another order's, and rotating the secret ends it.
 */
function signGuest(orderId: number, secret: string) {
  return createHmac("sha256", secret).update(`order-guest:${orderId}`).digest("base64url");
}

export function guestOrderToken(orderId: number): string {
  return `${orderId}.${signGuest(orderId, env.SESSION_SECRETS[0])}`;
}

/** The order id a guest token names, or null when the token is not one the shop signed. */
export function guestTokenOrderId(token: string | null | undefined): number | null {
  const match = token ? /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token) : null;
  if (!match) return null;
  const orderId = Number(match[1]);
  if (orderId > 2_147_483_647) return null;
  const given = Buffer.from(match[2]);
  const signed = env.SESSION_SECRETS.some((secret) => {
    const expected = Buffer.from(signGuest(orderId, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return signed ? orderId : null;
}
