import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

/**
 * A small client of the shop's headless API: openapi-fetch typed by the paths generated from
 * the shop's OpenAPI document (schema.d.ts), plus what every call needs: the API key, the
 * language, the bearer token, and one renewal of an expired access token with the refresh
 * token before the call is sent again (spec §4 Auth).
 */
export type { components, operations, paths } from "./schema.js";

/** The answer of every failed call: `{ errored: true, statusCode, message, errors? }`. */
export type Failure = components["schemas"]["Failure"];
/** The pair POST /api/v1/login and GET /api/v1/refresh hand out. */
export type Tokens = DataOf<paths["/api/v1/login"]["post"]>["tokens"];
export type Language = "hr" | "en" | "de";

type DataOf<Operation> = Operation extends { responses: { 200: { content: { "application/json": { data: infer D } } } } } ? D : never;

export type ShopClientOptions = {
  /** The shop's origin, e.g. https://shop.example.com: every path starts with /api/. */
  baseUrl: string;
  /** X-Api-Key: a storefront key (POST /api/v2/settings/domainDetect) or an integration key made at /admin/api-keys. */
  apiKey?: string;
  /** X-Language-Code: the language of names, slugs and mails; Croatian when left out. */
  language?: Language;
  /** Tokens kept from an earlier sign-in. */
  tokens?: Tokens | null;
  /** Told of every new pair (sign-in, refresh) and of null (signed out), to keep them where the app keeps them. */
  onTokens?: (tokens: Tokens | null) => void;
  /** Another fetch (a test's handler, a proxy); the platform's by default. */
  fetch?: (request: Request) => Promise<Response>;
};

export type ShopClient = Client<paths> & {
  readonly tokens: Tokens | null;
  setApiKey(apiKey: string | undefined): void;
  setLanguage(language: Language | undefined): void;
  setTokens(tokens: Tokens | null): void;
  /** POST /api/v1/login; keeps the tokens. A cart session given becomes the user's cart. */
  signIn(
    username: string,
    password: string,
    cart?: { cartId: number; protectCode: string },
  ): Promise<DataOf<paths["/api/v1/login"]["post"]>>;
  /** GET /api/v1/refresh with the refresh token; false (and signed out) when the shop refuses it. */
  refresh(): Promise<boolean>;
};

/** A failed call, thrown by `dataOf` and `signIn`: the HTTP status and the shop's failure envelope. */
export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    readonly failure: Failure | null,
  ) {
    super(failure?.message ?? `The shop answered ${status}`);
    this.name = "ShopApiError";
  }
}

/** The `data` of a call's answer, or a ShopApiError with its failure: `const { product } = dataOf(await shop.GET(...))`. */
export function dataOf<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data.data;
  const failure = result.error as Failure | undefined;
  throw new ShopApiError(result.response.status, failure && typeof failure === "object" && "message" in failure ? failure : null);
}

/** The one 401 a refresh cures (any other 401 is answered as it is). */
const EXPIRED = "Access token expired";

export function createShopClient(options: ShopClientOptions): ShopClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  let apiKey = options.apiKey;
  let language = options.language;
  let tokens = options.tokens ?? null;
  let refreshing: Promise<boolean> | null = null;

  const setTokens = (next: Tokens | null) => {
    tokens = next;
    options.onTokens?.(next);
  };

  /** The headers every call carries, unless the caller set them itself. */
  function decorate(request: Request, { bearer = true } = {}): Request {
    const set = (name: string, value: string | undefined) => {
      if (value && !request.headers.has(name)) request.headers.set(name, value);
    };
    set("Accept", "application/json");
    set("X-Api-Key", apiKey);
    set("X-Language-Code", language);
    if (bearer) set("Authorization", tokens ? `Bearer ${tokens.accessToken}` : undefined);
    return request;
  }

  // Calls that expire together share one refresh: a refresh token works once.
  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      if (!tokens) return false;
      // No bearer: the expired access token would be refused before the refresh is read.
      const request = new Request(new URL("/api/v1/refresh", options.baseUrl), { headers: { refreshToken: tokens.refreshToken } });
      const response = await send(decorate(request, { bearer: false }));
      const body = (await response.json().catch(() => null)) as { data?: { tokens?: Tokens } } | null;
      setTokens(response.ok && body?.data?.tokens ? body.data.tokens : null);
      return tokens !== null;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function expired(response: Response): Promise<boolean> {
    if (response.status !== 401 || !tokens) return false;
    const failure = (await response
      .clone()
      .json()
      .catch(() => null)) as Failure | null;
    return failure?.message === EXPIRED;
  }

  async function fetchWithRenewal(request: Request): Promise<Response> {
    // A copy taken before the body is read, to send once more after a refresh.
    const spare = request.clone();
    const response = await send(decorate(request));
    if (!(await expired(response)) || !(await refresh())) return response;
    return send(decorate(spare));
  }

  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchWithRenewal });
  // A getter, so that `shop.tokens` is always the current pair (Object.assign would copy its value once).
  Object.defineProperty(client, "tokens", { get: () => tokens, enumerable: true });
  return Object.assign(client as Client<paths> & { readonly tokens: Tokens | null }, {
    setApiKey: (next: string | undefined) => void (apiKey = next),
    setLanguage: (next: Language | undefined) => void (language = next),
    setTokens,
    refresh,
    async signIn(username: string, password: string, cart?: { cartId: number; protectCode: string }) {
      const signedIn = dataOf(await client.POST("/api/v1/login", { body: { username, password, ...cart } }));
      setTokens(signedIn.tokens);
      return signedIn;
    },
  });
}
