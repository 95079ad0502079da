import { eq } from "drizzle-orm";
import { readCookieHeader } from "~/.server/cookies.server";
import { getDb } from "~/.server/db/client.server";
import { sessions } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { sessionCookie } from "~/.server/session.server";
import { localePrefix, type Locale } from "~/lib/locales";
import { GUEST_EMAIL_COOKIE } from "~/modules/account/guest.server";
import { getCurrentUser, type CurrentUser } from "~/modules/account/user.server";
import { CART_ID_COOKIE, PROTECT_CODE_COOKIE, type CartSessionCookies } from "~/modules/cart/cart-session.server";
import type { ApiKey } from "./api-keys.server";
import type { BearerIdentity } from "./api-tokens.server";

/**
 * What a handler knows about its call. The shop's services read the shopper from a
 * request (the session cookie, the cart cookies, the language of the path), so that the
 * API runs the very same services, `shopperRequest` builds that request from the call:
 * the bearer token's session, the posted cartId and protectCode, the X-Language-Code.
 * Nothing of the caller's own cookies is read (the API signs in only by bearer token).
 */
export type ApiContext<B = unknown, Q = unknown> = {
  request: Request;
  body: B;
  query: Q;
  params: Record<string, string>;
  locale: Locale;
  key: ApiKey | null;
  /** The client's address (server.ts's load context; "local" in tests). */
  address: string;
  bearer: BearerIdentity | null;
  /** The signed-in user of the bearer token (null for anonymous calls). */
  user: () => Promise<CurrentUser | null>;
  shopperRequest: (options?: ShopperRequestOptions) => Promise<Request>;
};

export type ShopperRequestOptions = {
  cart?: CartSessionCookies | null;
  /** The guest e-mail of a guest checkout (the HTML shop's guestEmail cookie, spec §6). */
  guestEmail?: string | null;
  /** A different session than the bearer's (the sign-in has just opened one). */
  sessionId?: string | null;
  method?: string;
  /** Path (and query) under the language prefix, for services that read the URL. */
  path?: string;
  body?: BodyInit;
  headers?: Record<string, string>;
};

export function contextFor(request: Request, parts: Omit<ApiContext, "user" | "shopperRequest">): ApiContext {
  let user: Promise<CurrentUser | null> | undefined;
  const context: ApiContext = {
    ...parts,
    shopperRequest: (options) => shopperRequest(parts.locale, { sessionId: parts.bearer?.sessionId ?? null, ...options }),
    user: () => (user ??= parts.bearer ? context.shopperRequest().then(getCurrentUser) : Promise.resolve(null)),
  };
  return context;
}

export async function shopperRequest(
  locale: Locale,
  { cart, guestEmail, sessionId, method = "GET", path = "/", body, headers = {} }: ShopperRequestOptions = {},
): Promise<Request> {
  const cookies = [`lng=${locale}`];
  if (sessionId) cookies.push((await sessionCookie.serialize(sessionId)).split(";")[0]);
  if (cart) cookies.push(`${CART_ID_COOKIE}=${cart.cartId}`, `${PROTECT_CODE_COOKIE}=${encodeURIComponent(cart.protectCode)}`);
  if (guestEmail) cookies.push(`${GUEST_EMAIL_COOKIE}=${encodeURIComponent(guestEmail)}`);
  const url = new URL(`${localePrefix(locale)}${path === "/" && localePrefix(locale) ? "" : path}`, env.PUBLIC_URL);
  return new Request(url, { method, body, headers: { ...headers, Cookie: cookies.join("; "), Host: url.host } });
}

/**
 * What a shared service said through cookies: the session it opened (sign-in) and the
 * cart session it set or cleared. `cart: undefined` means untouched, `null` cleared.
 */
export async function cookiesSet(headers: Headers): Promise<{ sessionId?: string | null; cart?: CartSessionCookies | null }> {
  const result: { sessionId?: string | null; cart?: CartSessionCookies | null } = {};
  const values: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index).trim();
    const cleared = /max-age=0\b/i.test(line) || /expires=thu, 01 jan 1970/i.test(line);
    values[name] = cleared ? "" : pair.slice(index + 1).trim();
  }
  const session = values[sessionCookie.name];
  if (session !== undefined)
    result.sessionId = session ? ((await sessionCookie.parse(`${sessionCookie.name}=${session}`)) as string | null) : null;
  if (CART_ID_COOKIE in values) {
    const parsed = readCookieHeader(
      `${CART_ID_COOKIE}=${values[CART_ID_COOKIE]}; ${PROTECT_CODE_COOKIE}=${values[PROTECT_CODE_COOKIE] ?? ""}`,
    );
    const cartId = Number(parsed[CART_ID_COOKIE]);
    result.cart = cartId && parsed[PROTECT_CODE_COOKIE] ? { cartId, protectCode: parsed[PROTECT_CODE_COOKIE]! } : null;
  }
  return result;
}

/** The user a session belongs to (after a sign-in through the shop's service). */
export async function userOfSession(sessionId: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.userId ?? null;
}
