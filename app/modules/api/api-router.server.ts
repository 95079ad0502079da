import type { z } from "zod/v4";
import { secondFactorOwed } from "~/modules/account/second-factor.server";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { refusedTextPaths } from "~/lib/untrusted-text";
import { isLocale, LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import { SITE_ID, STORE_ID } from "~/modules/kernel/options";
import { API_HEADERS, type ApiEndpoint, type ApiVersion, type HttpMethod } from "./api-endpoint";
import { apiShopper, type Shopper } from "~/.server/shopper.server";
import type { ApiContext } from "./api-context.server";
import { urlProblem } from "./api-limits";
import { ApiError, failureAnswer, forbidden, invalidInput, notFound, unauthorized } from "./api-errors.server";
import { cacheableAnswer } from "./api-cache.server";
import { verifyApiKey } from "./api-keys.server";
import { chargeCall, type CallKind } from "./api-rate-limit.server";
import { bearerIdentity } from "./api-tokens.server";
import { readCookieHeader } from "~/.server/cookies.server";
import { sessionCookie } from "~/.server/session.server";

/**
 * The headless API's one entry (routes/api/api.ts → here): finds the endpoint, applies the
 * origin rules, the key, the budgets and the token, parses the input with the endpoint's
 * own schemas and answers `{ data }` or `{ errored, statusCode, message }` (decision 0057).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = ApiEndpoint<any, any, any>;
export type Registry = Record<string, AnyEndpoint>;

/** Largest JSON body of a call (DESIGN.md "Trust boundaries": bounded inputs). */
export const API_JSON_LIMIT = 100_000;

export type Operation = {
  name: string;
  endpoint: AnyEndpoint;
  version: ApiVersion | null;
  path: string;
  pattern: RegExp;
  params: string[];
};

/** Every (version, endpoint) pair with its full path, e.g. /api/v2/ecommerce/cart/addItem. */
export function operationsOf(registry: Registry): Operation[] {
  return Object.entries(registry).flatMap(([name, endpoint]) => {
    const versions: (ApiVersion | null)[] = endpoint.absolute ? [null] : (endpoint.versions ?? ["v1", "v2"]);
    return versions.map((version) => {
      const path = version ? `/api/${version}${endpoint.path}` : endpoint.path;
      const params: string[] = [];
      const source = path
        .split("/")
        .map((segment) => {
          if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          params.push(segment.slice(1));
          return "([^/]+)";
        })
        .join("/");
      return { name, endpoint, version, path, pattern: new RegExp(`^${source}/?$`), params };
    });
  });
}

const compiled = new WeakMap<Registry, Operation[]>();
const operations = (registry: Registry) =>
  compiled.get(registry) ?? (compiled.set(registry, operationsOf(registry)), compiled.get(registry)!);

function json(body: unknown, status: number, headers: Headers) {
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers });
}

function failure(error: unknown, headers: Headers) {
  const answer = failureAnswer(error);
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value);
  return new Response(answer.body, { status: answer.status, headers });
}

/** The caller's origin when another site may call (CORS); null for the shop itself and non-browsers. */
function foreignOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  if (!origin) return null;
  const own = [new URL(env.PUBLIC_URL).origin, new URL(request.url).origin];
  if (own.includes(origin)) return null;
  if (!env.API_CORS_ORIGINS.includes(origin)) throw forbidden("Origin not allowed");
  return origin;
}

function corsHeaders(origin: string | null): Headers {
  const headers = new Headers();
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Vary", "Origin");
  }
  return headers;
}

function languageOf(request: Request): Locale {
  const code = request.headers.get(API_HEADERS.language)?.trim().toLowerCase();
  if (!code) return "hr";
  if (isLocale(code)) return code;
  const byCode = (Object.entries(LOCALE_LANGUAGE_CODE) as [Locale, string][]).find(([, three]) => three === code);
  if (byCode) return byCode[0];
  throw new ApiError(400, "Unknown language code");
}

function checkSiteAndStore(request: Request) {
  const site = request.headers.get(API_HEADERS.siteId);
  if (site !== null && site.trim() !== String(SITE_ID)) throw new ApiError(400, "Unknown site");
  const store = request.headers.get(API_HEADERS.storeId);
  if (store !== null && store.trim() !== String(STORE_ID)) throw new ApiError(400, "Store is not defined");
}

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > API_JSON_LIMIT) throw new ApiError(413, "Payload too large");
  const text = await request.text();
  if (Buffer.byteLength(text) > API_JSON_LIMIT) throw new ApiError(413, "Payload too large");
  if (!text.trim()) return {};
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new ApiError(415, "Send the body as application/json");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "Malformed JSON");
  }
}

/** The path and query as a bounded, well-formed input (api-limits.ts). */
function checkUrl(url: URL) {
  const problem = urlProblem(url.pathname + url.search);
  if (problem) throw new ApiError(problem.status, problem.message);
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0];
  }
  return query;
}

function parse<T extends z.ZodType | undefined>(schema: T, value: unknown, where: "body" | "query") {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error, where);
  return result.data;
}

/**
 * The text rule at the API's one entry (decision 0083): a string or key of the body, a query
 * value or a path parameter with NUL, another control character or a lone surrogate is
 * refused with 400 and the translated message per place, before the key, a service or the
 * database sees it. A path parameter that is not valid percent-encoded UTF-8 is refused too.
 */
async function refuseInvalidText(locale: Locale, inputs: Record<"body" | "query" | "path", unknown>) {
  const places = Object.entries(inputs).flatMap(([where, value]) => refusedTextPaths(value, where));
  if (places.length === 0) return;
  const message = (await getFixedT(locale, "core"))("core.validation.invalidCharacters");
  throw new ApiError(
    400,
    message,
    places.map((field) => ({ field, message })),
  );
}

function decodedParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // Not percent-encoded UTF-8 ("%E0%A4%A", "%FF"): no text at all.
    throw new ApiError(400, "Malformed path");
  }
}

/**
 * Cookies never sign anyone in to the API, and a browser on another site must not ride on
 * the shop's cookies either: a state-changing call from another origin that carries the
 * shop's session cookie but no bearer token is refused (decision 0057).
 */
function refuseCookieCallsFromElsewhere(request: Request, origin: string | null) {
  if (!origin || request.method === "GET") return;
  const cookies = readCookieHeader(request.headers.get("Cookie"));
  // The plain name too: the one production used before `__Host-` (decision 0085).
  if (!request.headers.get("Authorization") && (sessionCookie.name in cookies || "__session" in cookies)) {
    throw forbidden("Cookie authentication is not accepted from another origin; use a bearer token");
  }
}

/** A call that changes nothing (by default a GET) spends the generous read budget. */
export const callKind = (endpoint: AnyEndpoint): CallKind => ((endpoint.readOnly ?? endpoint.method === "GET") ? "read" : "write");

/** A numeric path parameter (/cms/term/get/:id): anything else is a 404, as an unknown id is. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw notFound();
  return Number(value);
}

export async function handleApiCall(
  request: Request,
  registry: Registry,
  { clientAddress = "local" }: { clientAddress?: string } = {},
): Promise<Response> {
  const url = new URL(request.url);
  let origin: string | null = null;
  try {
    origin = foreignOrigin(request);
    checkUrl(url);
    const candidates = operations(registry).filter((op) => op.pattern.test(url.pathname));
    if (!candidates.length) throw notFound();
    const methods = [...new Set(candidates.map((op) => op.endpoint.method as HttpMethod))];
    if (request.method === "OPTIONS") {
      const headers = corsHeaders(origin);
      headers.set("Access-Control-Allow-Methods", [...methods, "OPTIONS"].join(", "));
      headers.set("Access-Control-Allow-Headers", ["Authorization", "Content-Type", ...Object.values(API_HEADERS)].join(", "));
      headers.set("Access-Control-Max-Age", "600");
      return new Response(null, { status: 204, headers });
    }
    const operation = candidates.find(
      (op) => op.endpoint.method === request.method || (request.method === "HEAD" && op.endpoint.method === "GET"),
    );
    if (!operation) {
      const headers = corsHeaders(origin);
      headers.set("Allow", methods.join(", "));
      return failure(new ApiError(405, "Method not allowed"), headers);
    }
    refuseCookieCallsFromElsewhere(request, origin);
    const { endpoint } = operation;
    const locale = languageOf(request);
    checkSiteAndStore(request);
    const rawBody =
      ["GET", "HEAD", "DELETE"].includes(request.method) && !request.headers.get("Content-Type") ? {} : await readBody(request);

    const params = Object.fromEntries(
      operation.params.map((name, i) => [name, decodedParam(operation.pattern.exec(url.pathname)![i + 1])]),
    );
    const query = queryOf(url);
    await refuseInvalidText(locale, { body: rawBody, query, path: params });

    const bodyKey = rawBody && typeof rawBody === "object" && "apiKey" in rawBody ? (rawBody as { apiKey: unknown }).apiKey : null;
    const keyToken = request.headers.get(API_HEADERS.apiKey) ?? (typeof bodyKey === "string" ? bodyKey : null);
    const key = endpoint.auth === "none" ? null : await verifyApiKey(keyToken);
    const cartId = rawBody && typeof rawBody === "object" && "cartId" in rawBody ? rawBody.cartId : url.searchParams.get("cartId");
    const authorization = request.headers.get("Authorization");
    await chargeCall({ key, address: clientAddress, authorization, cartId }, callKind(endpoint), Boolean(endpoint.strict));

    const bearer = await bearerIdentity(authorization);
    const context = contextFor({
      request,
      locale,
      key,
      address: clientAddress,
      bearer,
      params,
      body: parse(endpoint.body, rawBody, "body"),
      query: parse(endpoint.query, query, "query"),
    });
    if (endpoint.auth === "customer" || endpoint.auth === "backoffice") {
      const user = await context.user();
      if (!user) throw unauthorized("Access token required");
      if (
        endpoint.auth === "backoffice" &&
        (!user.isBackofficeUser ||
          (endpoint.scope && !endpoint.scope.some((s: string) => user.scope.includes(s) || user.scope.includes("admin"))))
      ) {
        throw forbidden();
      }
      // A bearer token cannot carry the second factor its user owes (decision 0086): no backoffice calls then.
      if (endpoint.auth === "backoffice" && (await secondFactorOwed(user.id, user.scope)) !== null) throw forbidden();
    }
    const data = await endpoint.handler(context);
    if (endpoint.cacheable) return cacheableAnswer(request, JSON.stringify({ data: data ?? null }), corsHeaders(origin));
    return json({ data: data ?? null }, 200, corsHeaders(origin));
  } catch (error) {
    return failure(error, corsHeaders(origin));
  }
}

/**
 * The handler's context of a call (decision 0097): the shopper is built from the call's
 * values (the bearer token's session, the posted cart session), never from cookies.
 */
function contextFor(parts: Omit<ApiContext, "user" | "shopper">): ApiContext {
  const sessionId = parts.bearer?.sessionId ?? null;
  // The bearer's user is read once per call, whichever cart session the shopper holds.
  let signedIn: Promise<Shopper> | undefined;
  const bearerShopper = () => (signedIn ??= apiShopper({ locale: parts.locale, sessionId }));
  return {
    ...parts,
    user: async () => (parts.bearer ? (await bearerShopper()).user : null),
    shopper: async ({ cart = null, guestEmail = null } = {}) => ({
      ...(await bearerShopper()),
      cart,
      cartKeySent: cart !== null,
      guestEmail,
    }),
  };
}
