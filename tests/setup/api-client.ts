import { createShopClient, type ShopClient, type Tokens as IssuedTokens } from "@alu-krov/api-client";
import type { ApiFailure, BodyOf, DataOf, HttpMethod, QueryOf } from "~/modules/api/api-endpoint";
import type { ApiEndpoints } from "~/modules/api/endpoints/index.server";

/**
 * A small typed client of the headless API, the way an integration tester uses it
 * (decision 0057): it reads the OpenAPI document once to find each call's method and
 * path by name, and types every call's input and `data` from the endpoints' own schemas.
 * What each call carries (the key, the language, the bearer token) and the one renewal of
 * an expired access token are the published client's (packages/api-client, decision 0132):
 * this is a thin layer over it, so the tests exercise the refresh an app gets.
 */
export type ApiName = keyof ApiEndpoints;
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; failure: ApiFailure };
export type CallInput<K extends ApiName> = {
  params?: Record<string, string | number>;
} & (BodyOf<ApiEndpoints[K]> extends undefined ? { body?: undefined } : { body: BodyOf<ApiEndpoints[K]> }) &
  (QueryOf<ApiEndpoints[K]> extends undefined ? { query?: undefined } : { query?: QueryOf<ApiEndpoints[K]> });

type Route = { method: HttpMethod; path: string };
export type ClientOptions = {
  baseUrl: string;
  apiKey?: string;
  language?: "hr" | "en" | "de";
  /** A fetch of Requests (a test's handler); the platform's by default. */
  fetch?: (request: Request) => Promise<Response>;
  version?: "v1" | "v2";
};
export type Tokens = Pick<IssuedTokens, "accessToken" | "refreshToken">;

export class ShopApiClient {
  private readonly shop: ShopClient;
  private constructor(
    private readonly options: ClientOptions,
    private readonly routes: Map<string, Route>,
  ) {
    this.shop = createShopClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, language: options.language, fetch: options.fetch });
  }

  /** Reads /api/docs and returns a client for the calls it documents. */
  static async connect(options: ClientOptions): Promise<ShopApiClient> {
    const fetcher = options.fetch ?? ((request: Request) => fetch(request));
    const response = await fetcher(new Request(new URL("/api/docs", options.baseUrl), { headers: { Accept: "application/json" } }));
    if (!response.ok) throw new Error(`The API document answered ${response.status}`);
    const document = (await response.json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const routes = new Map<string, Route>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) routes.set(op.operationId, { method: method.toUpperCase() as HttpMethod, path });
    }
    return new ShopApiClient(options, routes);
  }

  /** The pair of the signed-in user (null: signed out); set to sign in with a pair kept elsewhere. */
  get tokens(): Tokens | null {
    return this.shop.tokens;
  }
  set tokens(next: Tokens | null) {
    // The published client keeps the whole pair the shop issued but sends only these two.
    this.shop.setTokens(next as IssuedTokens | null);
  }

  /** The documented route of a call: the client's version first, then the other, then an unversioned (legacy) one. */
  route(name: ApiName, version = this.options.version ?? "v1"): Route {
    const other = version === "v1" ? "v2" : "v1";
    const found = this.routes.get(`${version}.${name}`) ?? this.routes.get(`${other}.${name}`) ?? this.routes.get(name);
    if (!found) throw new Error(`The API document has no call named ${name}`);
    return found;
  }

  async call<K extends ApiName>(
    name: K,
    input: CallInput<K> = {} as CallInput<K>,
    { version }: { version?: "v1" | "v2" } = {},
  ): Promise<ApiResult<DataOf<ApiEndpoints[K]>>> {
    const { method, path } = this.route(name, version);
    // The address is built here (the calls are found by name, not typed by path), then sent through the published client.
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) query.append(key, String(one));
    }
    const address =
      path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(input.params?.[key] ?? ""))) +
      (query.size ? `?${query}` : "");
    const sent = (await this.shop.request(method.toLowerCase() as never, address as never, { body: input.body } as never)) as {
      data?: unknown;
      error?: unknown;
      response: Response;
    };
    const payload = (sent.data ?? sent.error) as { data: DataOf<ApiEndpoints[K]> } | ApiFailure;
    if (typeof payload === "object" && payload !== null && "errored" in payload) {
      return { ok: false, status: sent.response.status, failure: payload };
    }
    return { ok: true, status: sent.response.status, data: payload.data };
  }

  /** Signs in and keeps the tokens for the following calls. */
  async login(username: string, password: string, cart?: { cartId: number; protectCode: string }) {
    const result = await this.call("login", { body: { username, password, ...cart } });
    if (result.ok) this.tokens = result.data.tokens;
    return result;
  }

  /** Renews the tokens (GET /api/v1/refresh); a refused refresh signs the client out (spec §4 Auth). */
  refresh(): Promise<boolean> {
    return this.shop.refresh();
  }
}
