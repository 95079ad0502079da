import { z } from "zod/v4";
import { env } from "~/.server/env.server";
import { logIn } from "~/modules/account/login.server";
import { apiShopper, GUEST_WISHLIST_MAX } from "~/.server/shopper.server";
import { API_HEADERS, defineEndpoint } from "../api-endpoint";
import type { ApiContext } from "../api-context.server";
import { unauthorized } from "../api-errors.server";
import { issueTokens, REFRESH_GRACE_MS, revokeFamily, rotateRefreshToken } from "../api-tokens.server";
import { apiUserSchema, cartSessionSchema, credentialsSchema, ID_MAX, tokensSchema, wholeSessionOrNone } from "./shared-schemas";

/**
 * Sign-in over the API (spec §7 Auth). The shop's own sign-in runs (the lockout, the
 * password, a confirmed e-mail, the abandoned cart merged into the posted cart, the posted
 * visitor's wishlist merged into the user's), and the session it opens is the one the tokens carry.
 */
const loginBody = wholeSessionOrNone(
  credentialsSchema.extend({
    cartId: cartSessionSchema.shape.cartId.optional(),
    protectCode: cartSessionSchema.shape.protectCode.optional(),
    wishlist: z
      .array(z.number().int().positive().max(ID_MAX))
      .max(GUEST_WISHLIST_MAX)
      .optional()
      .describe(
        `The products the visitor kept on the wishlist before signing in (the app keeps them until then), newest first, at most ${GUEST_WISHLIST_MAX}: they join the user's wishlist, as the visitor's cart becomes the user's`,
      ),
  }),
);

const loginResponse = z.object({
  tokens: tokensSchema,
  user: apiUserSchema,
  /** The cart session after sign-in: the posted one, or the user's abandoned cart (spec §4 Auth). */
  cart: cartSessionSchema.nullable(),
});

async function signIn(context: ApiContext<z.output<typeof loginBody>>) {
  const { username, password, cartId, protectCode, wishlist } = context.body;
  const cart = cartId && protectCode ? { cartId, protectCode } : null;
  // An anonymous shopper holding the posted cart and wishlist: the API signs in by token only, never by the caller's cookies.
  const shopper = await apiShopper({ locale: context.locale, sessionId: null, cart, guestWishlist: wishlist });
  const { userId, sessionId, cartSession } = await logIn({
    shopper,
    username,
    password,
    origin: env.PUBLIC_URL,
    // An unconfirmed account's fresh link goes to the front end's own page (decision 0127).
    frontendUrl: env.FRONTEND_URL ?? null,
  });
  const tokens = await issueTokens(userId, sessionId);
  const { user } = await apiShopper({ locale: context.locale, sessionId });
  if (!user) throw unauthorized();
  return { tokens, user, cart: cartSession === undefined ? cart : cartSession };
}

const LOGIN_ERRORS = [
  { status: 401, message: "Unknown username or password!" },
  { status: 403, message: "This account is blocked" },
  { status: 403, message: "E-mail is not confirmed" },
  { status: 429, message: "Too many failed sign-ins" },
];

export const authEndpoints = {
  login: defineEndpoint({
    method: "POST",
    path: "/login",
    versions: ["v1"],
    service: "auth",
    auth: "public",
    strict: true,
    summary: "Sign in: access and refresh tokens and the user",
    description:
      "Body: username, password and apiKey (spec §7; the key may also be sent in X-Api-Key). With cartId and protectCode the visitor's cart becomes the user's; with wishlist the products the visitor kept join the user's wishlist.",
    body: loginBody,
    response: loginResponse,
    errors: LOGIN_ERRORS,
    handler: signIn,
  }),
  refresh: defineEndpoint({
    method: "GET",
    // Rotates the token: a write, though a GET by the spec.
    readOnly: false,
    path: "/refresh",
    versions: ["v1"],
    service: "auth",
    auth: "public",
    summary: "New access and refresh tokens for a refresh token (sent in the refreshToken header); each refresh token works once",
    description: `Refreshes sent side by side with one token (an app's calls at expiry) all get the same new pair: for ${REFRESH_GRACE_MS / 1000} s after its use a refresh token answers with the pair it was rotated to. Used again later, it was copied: every token of the sign-in is revoked.`,
    headers: [
      {
        name: API_HEADERS.refreshToken,
        required: true,
        description: "The refresh token of the sign-in (data.tokens.refreshToken of POST /login or of the last refresh)",
      },
    ],
    response: z.object({ tokens: tokensSchema }),
    errors: [
      { status: 401, message: "Invalid refresh token" },
      { status: 401, message: "Refresh token reused; signed out" },
    ],
    handler: async ({ request }) => ({ tokens: await rotateRefreshToken(request.headers.get(API_HEADERS.refreshToken)) }),
  }),
  logout: defineEndpoint({
    method: "POST",
    path: "/logout",
    versions: ["v1"],
    service: "auth",
    description:
      "Revokes the access token sent and the refresh token of the same sign-in (every token of it); the user's other sign-ins keep theirs.",
    auth: "customer",
    summary: "Sign out: the tokens of this sign-in stop working",
    response: z.object({ loggedOut: z.literal(true) }),
    handler: async ({ bearer }) => {
      await revokeFamily(bearer!.family);
      return { loggedOut: true as const };
    },
  }),
  legacyLogin: defineEndpoint({
    method: "POST",
    path: "/api/auth/login",
    absolute: true,
    service: "auth",
    description: "The body and the answer of POST /api/v1/login, at the path older storefronts call (spec §7 Legacy).",
    auth: "public",
    strict: true,
    summary: 'Legacy sign-in (spec §7 "Legacy: POST /api/auth/login"), the same as POST /api/v1/login',
    body: loginBody,
    response: loginResponse,
    errors: LOGIN_ERRORS,
    handler: signIn,
  }),
  legacyLogout: defineEndpoint({
    method: "POST",
    path: "/api/auth/logout",
    absolute: true,
    service: "auth",
    description: "POST /api/v1/logout at the path older storefronts call (spec §7 Legacy).",
    auth: "customer",
    summary: "Legacy sign-out, the same as POST /api/v1/logout",
    response: z.object({ loggedOut: z.literal(true) }),
    handler: async ({ bearer }) => {
      await revokeFamily(bearer!.family);
      return { loggedOut: true as const };
    },
  }),
  legacyUser: defineEndpoint({
    method: "GET",
    path: "/api/auth/user",
    absolute: true,
    service: "auth",
    description:
      "The user of the bearer token (spec §7 Legacy): what GET /api/v1/user/web/profile answers as data.user, without the address book.",
    auth: "customer",
    summary: "Legacy: the signed-in user",
    response: z.object({ user: apiUserSchema }),
    handler: async ({ user }) => ({ user: (await user())! }),
  }),
};
