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
import { ApiError, failureAnswer, invalidInput, issuesOf, UNKNOWN_FIELD, type InputIssue } from "./api-errors.server";
import { namesField, unknownFields } from "./api-input";
import { REFUSED, type Refusal } from "./api-refusals";
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

/** An entry refusal (api-refusals.ts) as the error the router throws. */
const refused = ({ status, message }: Refusal, errors?: { field: string; message: string }[]) => new ApiError(status, message, errors);

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
  if (!env.API_CORS_ORIGINS.includes(origin)) throw refused(REFUSED.originNotAllowed);
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
  throw refused(REFUSED.unknownLanguage);
}

function checkSiteAndStore(request: Request) {
  const site = request.headers.get(API_HEADERS.siteId);
  if (site !== null && site.trim() !== String(SITE_ID)) throw refused(REFUSED.unknownSite);
  const store = request.headers.get(API_HEADERS.storeId);
  if (store !== null && store.trim() !== String(STORE_ID)) throw refused(REFUSED.unknownStore);
}

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > API_JSON_LIMIT) throw refused(REFUSED.payloadTooLarge);
  const text = await request.text();
  if (Buffer.byteLength(text) > API_JSON_LIMIT) throw refused(REFUSED.payloadTooLarge);
  if (!text.trim()) return {};
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw refused(REFUSED.unsupportedMediaType);
  try {
    return JSON.parse(text);
  } catch {
    throw refused(REFUSED.malformedJson);
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

/**
 * The call's body or query by the endpoint's schema, closed (decision 0128): besides zod's
 * refusals (a wrong type, a value out of range), a field the schema does not name is
 * refused with "Unrecognized key" at its place (body.colour), never dropped unseen. A call
 * without a body or query schema takes no fields there.
 */
function parse<T extends z.ZodType | undefined>(schema: T, value: unknown, where: "body" | "query") {
  const result = schema?.safeParse(value);
  const unknown = schema ? unknownFields(schema, value) : fieldsOf(value);
  const issues: InputIssue[] = [
    ...(result && !result.success ? issuesOf(result.error) : []),
    ...unknown.map((path) => ({ path, message: path.length ? UNKNOWN_FIELD : "This call takes no body" })),
  ];
  if (issues.length) throw invalidInput(issues, where);
  return result?.data;
}

/** The fields sent to a call that takes none there (an empty body or `{}` is none). */
function fieldsOf(value: unknown): PropertyKey[][] {
  if (value === undefined || value === null) return [];
  if (typeof value === "object" && !Array.isArray(value)) return Object.keys(value).map((key) => [key]);
  return [[]];
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
    throw refused(REFUSED.malformedPath);
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
    throw refused(REFUSED.cookieFromElsewhere);
  }
}

/** A call that changes nothing (by default a GET) spends the generous read budget. */
export const callKind = (endpoint: AnyEndpoint): CallKind => ((endpoint.readOnly ?? endpoint.method === "GET") ? "read" : "write");

/** A numeric path parameter (/cms/term/get/:id): anything else is a 404, as an unknown id is. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw refused(REFUSED.notFound);
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
    if (!candidates.length) throw refused(REFUSED.notFound);
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

    // The key travels in X-Api-Key; only a body that names apiKey (the legacy sign-in's, spec §7) may carry it instead.
    const bodyKey =
      namesField(endpoint.body, "apiKey") && rawBody && typeof rawBody === "object" && "apiKey" in rawBody
        ? (rawBody as { apiKey: unknown }).apiKey
        : null;
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
      if (!user) throw refused(REFUSED.tokenRequired);
      if (
        endpoint.auth === "backoffice" &&
        (!user.isBackofficeUser ||
          (endpoint.scope && !endpoint.scope.some((s: string) => user.scope.includes(s) || user.scope.includes("admin"))))
      ) {
        throw refused(REFUSED.forbidden);
      }
      // A bearer token cannot carry the second factor its user owes (decision 0086): no backoffice calls then.
      if (endpoint.auth === "backoffice" && (await secondFactorOwed(user.id, user.scope)) !== null) throw refused(REFUSED.forbidden);
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
