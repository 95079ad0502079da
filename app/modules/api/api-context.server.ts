import type { CartSessionKey, CurrentUser, Shopper } from "~/.server/shopper.server";
import type { Locale } from "~/lib/locales";
import type { ApiKey } from "./api-keys.server";
import type { BearerIdentity } from "./api-tokens.server";

/**
 * What a handler knows about its call. The shop's services take the shopper as a value
 * (decision 0097); the API builds that value from the call itself: the bearer token's
 * session and user, the posted cartId and protectCode, the guest e-mail, the
 * X-Language-Code. No cookie is read or written: what a service hands back (a new cart
 * session, a sign-in's session) goes into the JSON answer or the tokens.
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
  /** The shopper of this call, holding the given cart session (and guest e-mail). */
  shopper: (parts?: ShopperParts) => Promise<Shopper>;
};

export type ShopperParts = {
  cart?: CartSessionKey | null;
  /** The guest e-mail of a guest checkout (what the HTML shop keeps in its guestEmail cookie, spec §6). */
  guestEmail?: string | null;
};
