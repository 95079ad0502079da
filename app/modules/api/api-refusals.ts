import type { ApiAuth, HttpMethod } from "./api-endpoint";

/**
 * The refusals of the API's entry itself (decision 0128): the router, the key, the token,
 * the budgets and the HTTP layer in front of the router. Each is written here once, with
 * the calls it can meet; the router, the key and token checks throw these, and the
 * document (openapi.server.ts) lists for every call exactly the ones that apply to it,
 * beside the call's own `errors`. A new refusal of the entry is added here or nowhere.
 */
export type Refusal = { status: number; message: string };

/** What decides whether an entry refusal can meet a call. */
export type CallFacts = { auth: ApiAuth; method: HttpMethod; params: readonly string[]; strict: boolean; budget: "read" | "write" };

type EntryRefusal = Refusal & { meets: (call: CallFacts) => boolean };

const always = () => true;

export const REFUSED = {
  malformedUrl: { status: 400, message: "Malformed percent-escape in the URL", meets: always },
  malformedPath: { status: 400, message: "Malformed path", meets: (c) => c.params.length > 0 },
  malformedJson: { status: 400, message: "Malformed JSON", meets: always },
  invalidInput: {
    status: 400,
    message:
      "Invalid <field>: <problem>. errors[] names every field (body.x, query.x): a wrong type, a value out of range, a missing field, or a field the call does not take (Unrecognized key)",
    meets: always,
  },
  invalidCharacters: {
    status: 400,
    message: "Text with a control character or a lone surrogate, in the call's language; errors[] names each place",
    meets: always,
  },
  unknownLanguage: { status: 400, message: "Unknown language code", meets: always },
  unknownSite: { status: 400, message: "Unknown site", meets: always },
  unknownStore: { status: 400, message: "Store is not defined", meets: always },
  keyRequired: { status: 401, message: "API key required", meets: (c) => c.auth !== "none" },
  keyInvalid: { status: 401, message: "Invalid API key", meets: (c) => c.auth !== "none" },
  // Any call that sends Authorization has its token checked, whether or not it needs one.
  tokenInvalid: { status: 401, message: "Invalid access token", meets: always },
  tokenExpired: { status: 401, message: "Access token expired", meets: always },
  tokenRevoked: { status: 401, message: "Access token revoked", meets: always },
  tokenRequired: { status: 401, message: "Access token required", meets: (c) => c.auth === "customer" || c.auth === "backoffice" },
  forbidden: { status: 403, message: "Forbidden", meets: (c) => c.auth === "backoffice" },
  originNotAllowed: { status: 403, message: "Origin not allowed", meets: always },
  cookieFromElsewhere: {
    status: 403,
    message: "Cookie authentication is not accepted from another origin; use a bearer token",
    meets: (c) => c.method !== "GET",
  },
  notFound: { status: 404, message: "Not found", meets: (c) => c.params.length > 0 },
  // The body is read for every call but a GET, HEAD or DELETE without a Content-Type.
  payloadTooLarge: { status: 413, message: "Payload too large", meets: always },
  uriTooLong: { status: 414, message: "URI too long", meets: always },
  unsupportedMediaType: { status: 415, message: "Send the body as application/json", meets: always },
  tooManyRequests: {
    status: 429,
    message: "Too many requests; try again in <n> s (Retry-After)",
    meets: always,
  },
  headersTooLarge: { status: 431, message: "Request header fields too large", meets: always },
  failed: { status: 500, message: "An error occurred (a fault of the shop, logged)", meets: always },
  unavailable: { status: 503, message: "Service unavailable (the database; Retry-After)", meets: always },
} satisfies Record<string, EntryRefusal>;

/** The entry's refusals that can meet a call, for its document. */
export function entryRefusals(call: CallFacts): Refusal[] {
  return Object.values(REFUSED as Record<string, EntryRefusal>)
    .filter((refusal) => refusal.meets(call))
    .map(({ status, message }) => ({
      status,
      message:
        status === 429 ? `${message}: the ${call.strict ? "strict and the " : ""}${call.budget} budget of the key or shopper` : message,
    }));
}
