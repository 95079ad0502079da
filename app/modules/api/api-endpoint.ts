import { z } from "zod/v4";
import type { ApiContext } from "./api-context.server";

/**
 * One call of the headless API (spec §7, decision 0057). Declared as data so that the same
 * declaration routes the call, parses its input, documents it in the OpenAPI document
 * (/api/docs, generated from these zod schemas, never written by hand) and types the client.
 * This file has no server code; endpoints are declared in endpoints/*.server.ts, and the
 * typed client (api-client.ts) imports only their types.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiVersion = "v1" | "v2";

/**
 * Who may call it, beyond the API key every call names:
 * - `public`: anyone with a key (catalogue, CMS reads, the cart by cartId + protectCode);
 * - `customer`: a signed-in user's bearer access token (profile, orders, wishlist);
 * - `backoffice`: a backoffice user's bearer token with one of `scope` (admin reads);
 * - `none`: not even a key (domainDetect hands the key out; the legacy login names it in its body).
 */
export type ApiAuth = "none" | "public" | "customer" | "backoffice";

/** Spec §7 services, the OpenAPI tags. */
export type ApiService =
  "auth" | "product" | "cms" | "ecommerce" | "media" | "user" | "document" | "settings" | "gdpr" | "marketing" | "calendar";

type Schema = z.ZodType;

export type ApiEndpointSpec<B extends Schema | undefined, Q extends Schema | undefined, R extends Schema> = {
  method: HttpMethod;
  /**
   * The path after /api/{version}, with `:name` parameters: "/ecommerce/cart/addItem",
   * "/cms/term/get/:id". Served under every version in `versions` (default both), unless
   * `absolute` names the whole path (the legacy /api/auth/... calls).
   */
  path: string;
  versions?: ApiVersion[];
  absolute?: boolean;
  service: ApiService;
  summary: string;
  /** What a client needs to know beyond the summary: the rules, the defaults, what follows. Every call has one. */
  description: string;
  /** What each `:name` of the path is (the document's parameter descriptions; a test checks each has one). */
  params?: Record<string, string>;
  /** Request headers the call reads beyond the shared ones (API_HEADERS): the refresh token's. */
  headers?: { name: string; required: boolean; description: string }[];
  auth: ApiAuth;
  /** Backoffice scopes that may call a `backoffice` endpoint (any backoffice user when left out). */
  scope?: string[];
  /**
   * The refusals of the call itself and of the services it runs (spec §8 messages), for the
   * document; the entry's own (key, token, input, budgets) come from api-refusals.ts.
   */
  errors?: { status: number; message: string }[];
  /**
   * Whether the call changes nothing: it then spends the generous read budget instead of the
   * write one (decision 0084). By default a GET does and anything else does not; a POST
   * search or cart read says `true`, a GET that writes (a token refresh, a new cart) `false`.
   */
  readOnly?: boolean;
  /**
   * A catalogue read whose answer depends on its input, language and token alone: it is
   * answered with an ETag, honours If-None-Match with 304, and anonymous answers may be
   * kept briefly by an app or a CDN (api-cache.server.ts, decision 0123).
   */
  cacheable?: boolean;
  /** Counts against the strict budget (sign-in, registration, recovery, public forms). */
  strict?: boolean;
  body?: B;
  query?: Q;
  /** The `data` of a success; documented and checked by the contract tests. */
  response: R;
  /** Runs the call with the parsed input; returns the `data` of the answer. */
  handler: (
    context: ApiContext<B extends Schema ? z.output<B> : undefined, Q extends Schema ? z.output<Q> : undefined>,
  ) => Promise<z.input<R>> | z.input<R>;
};

export type ApiEndpoint<
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> = ApiEndpointSpec<B, Q, R>;

/** The answer of a failed call (spec §7, §8): the same shape for every failure. */
export type ApiFailure = { errored: true; statusCode: number; message: string; errors?: { field: string; message: string }[] };
export type ApiSuccess<T> = { data: T };

/** Input and output types of an endpoint, for the client. */
export type BodyOf<E> =
  E extends ApiEndpointSpec<infer B, Schema | undefined, Schema> ? (B extends Schema ? z.input<B> : undefined) : never;
export type QueryOf<E> =
  E extends ApiEndpointSpec<Schema | undefined, infer Q, Schema> ? (Q extends Schema ? z.input<Q> : undefined) : never;
export type DataOf<E> = E extends ApiEndpointSpec<Schema | undefined, Schema | undefined, infer R> ? z.output<R> : never;

/** The keys one type has and the other has not, either way. */
type KeysApart<A, B> = Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>;

/**
 * A response schema that names exactly the fields of the service's type, checked when
 * compiling: `shapeOf<ProductDetail>()(z.strictObject({ ... }))` fails (naming the keys)
 * when the service's type gains a field the document does not describe, or loses one.
 */
export const shapeOf =
  <T>() =>
  <S extends z.ZodType>(
    schema: S,
    ..._exact: [KeysApart<T, NonNullable<z.output<S>>>] extends [never] ? [] : [keysApart: KeysApart<T, NonNullable<z.output<S>>>]
  ): S =>
    schema;

/** Declares an endpoint; the identity function keeps its schema types for the client. */
export function defineEndpoint<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(spec: ApiEndpointSpec<B, Q, R>): ApiEndpointSpec<B, Q, R> {
  return spec;
}

/** The request headers of spec §7 ("API key, site id, store id, language code, and access token"). */
export const API_HEADERS = {
  apiKey: "X-Api-Key",
  siteId: "X-Site-Id",
  storeId: "X-Store-Id",
  language: "X-Language-Code",
  refreshToken: "refreshToken",
} as const;

/**
 * Schemas the document names once in components/schemas (a recursive one must be: a tree
 * refers to itself), by `schema.register(namedSchemas, { id })`. A registry of this module
 * rather than zod's global one: the tests load the server build and the sources side by
 * side, and the global registry refuses the second registration of an id.
 */
export const namedSchemas = z.registry<{ id: string }>();
