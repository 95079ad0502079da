import type { ApiFailure, BodyOf, DataOf, HttpMethod, QueryOf } from "./api-endpoint";
import type { ApiEndpoints } from "./endpoints/index.server";

/**
 * A small typed client of the headless API, the way an integration tester uses it
 * (decision 0057): it reads the OpenAPI document once to find each call's method and
 * path by name, sends the key, the language and the bearer token, renews an expired
 * access token with the refresh token once, and types every call's input and `data`
 * from the endpoints' own schemas. The contract tests use it.
 */
export type ApiName = keyof ApiEndpoints;
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; failure: ApiFailure };
export type CallInput<K extends ApiName> = {
  params?: Record<string, string | number>;
} & (BodyOf<ApiEndpoints[K]> extends undefined ? { body?: undefined } : { body: BodyOf<ApiEndpoints[K]> }) &
  (QueryOf<ApiEndpoints[K]> extends undefined ? { query?: undefined } : { query?: QueryOf<ApiEndpoints[K]> });

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
type Route = { method: HttpMethod; path: string };
export type ClientOptions = {
  baseUrl: string;
  apiKey?: string;
  language?: "hr" | "en" | "de";
  fetch?: Fetch;
  version?: "v1" | "v2";
  headers?: Record<string, string>;
};
export type Tokens = { accessToken: string; refreshToken: string };

export class ShopApiClient {
  tokens: Tokens | null = null;
  private constructor(
    private readonly options: ClientOptions,
    private readonly routes: Map<string, Route>,
  ) {}

  /** Reads /api/docs and returns a client for the calls it documents. */
  static async connect(options: ClientOptions): Promise<ShopApiClient> {
    const fetcher = options.fetch ?? fetch;
    const response = await fetcher(new URL("/api/docs", options.baseUrl).toString(), { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`The API document answered ${response.status}`);
    const document = (await response.json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const routes = new Map<string, Route>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) routes.set(op.operationId, { method: method.toUpperCase() as HttpMethod, path });
    }
    return new ShopApiClient(options, routes);
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
    { version, retried = false }: { version?: "v1" | "v2"; retried?: boolean } = {},
  ): Promise<ApiResult<DataOf<ApiEndpoints[K]>>> {
    const { method, path } = this.route(name, version);
    const url = new URL(
      path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(input.params?.[key] ?? ""))),
      this.options.baseUrl,
    );
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    }
    const headers: Record<string, string> = { Accept: "application/json", ...this.options.headers };
    if (this.options.apiKey) headers["X-Api-Key"] = this.options.apiKey;
    if (this.options.language) headers["X-Language-Code"] = this.options.language;
    if (this.tokens) headers.Authorization = `Bearer ${this.tokens.accessToken}`;
    if (input.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await (this.options.fetch ?? fetch)(url.toString(), {
      method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    const payload = (await response.json()) as { data: DataOf<ApiEndpoints[K]> } | ApiFailure;
    if ("errored" in payload) {
      // Spec §4 Auth: an expired access token is renewed with the refresh token, once.
      if (response.status === 401 && payload.message === "Access token expired" && this.tokens && !retried && (await this.refresh())) {
        return this.call(name, input, { version, retried: true });
      }
      return { ok: false, status: response.status, failure: payload };
    }
    return { ok: true, status: response.status, data: payload.data };
  }

  /** Signs in and keeps the tokens for the following calls. */
  async login(username: string, password: string, cart?: { cartId: number; protectCode: string }) {
    const result = await this.call("login", { body: { username, password, ...cart } });
    if (result.ok) this.tokens = result.data.tokens;
    return result;
  }

  /** Renews the tokens (GET /api/v1/refresh); a refused refresh signs the client out (spec §4 Auth). */
  async refresh(): Promise<boolean> {
    if (!this.tokens) return false;
    const refreshToken = this.tokens.refreshToken;
    this.tokens = null;
    const { path } = this.route("refresh");
    const headers: Record<string, string> = { refreshToken, Accept: "application/json" };
    if (this.options.apiKey) headers["X-Api-Key"] = this.options.apiKey;
    const response = await (this.options.fetch ?? fetch)(new URL(path, this.options.baseUrl).toString(), { method: "GET", headers });
    const payload = (await response.json()) as { data?: { tokens: Tokens } };
    if (!response.ok || !payload.data) return false;
    this.tokens = payload.data.tokens;
    return true;
  }
}
