import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
// The adapter's own request conversion (@remix-run/express has no exports map).
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { namedCache } from "../cache.server";
import { customerViews } from "../customer-views.server";
import { readCookieHeader } from "../cookies.server";
import { csrf, csrfCookie, CSRF_TOKEN_BYTES } from "../security.server";
import { sessionCookie } from "../session.server";
import { guestWishlistOf, readShopper, requestLocale, WISHLIST_COOKIE } from "../shopper.server";
import { localeFromPath } from "~/lib/locales";
import { CUSTOMER_KEPT_ROUTE_PATHS, UNCACHED_ROUTE_PATHS } from "~/lib/route-policy";
import { isDatabaseUnavailable } from "../db/errors.server";
import { bufferedBody } from "./body-limit.server";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server";
import { answerDatabaseOutage, metDatabaseOutage } from "./database-outage.server";
import {
  customerSlotSpecs,
  customerSlotValues,
  fillableCustomer,
  showsOwnComments,
  slotCustomerPage,
  standInShopper,
  type CustomerSlots,
  type Visitor,
} from "./customer-slots.server";
import { compileGzipTemplate, renderGzipTemplate, renderTemplate, SlotLengthError, type GzipTemplate } from "./gzip-template.server";
import { sendStreamedResponse } from "./send-response.server";
import { inRequestScope, type RequestScope } from "./request-scope.server";
import { NONCE_BYTES } from "./security-headers.server";
import { invalidAddressAnswer } from "./url-text.server";

/**
 * The rendered-page cache ("caching of anonymous catalogue reads", decision 0008): a GET
 * document of a visitor without a session, cart or toast is the same for every such
 * visitor, so it is rendered once and served from memory (or Redis) until the data under it
 * changes: it is a derived named cache, cleared with any other named cache, and lives
 * PAGE_TTL_SECONDS at most. Only two things differ per visitor and are put back on every
 * hit: the CSP nonce (fresh per response) and the CSRF token (the visitor's own cookie, or
 * a new one with its Set-Cookie). A signed-in customer, or a visitor with a wishlist, gets
 * a kept page of its own kind on the pages whose content is the same for every customer,
 * with their name, e-mail and hearts filled in besides (decision 0135, customer-slots.server.ts).
 */
const PAGE_TTL_SECONDS = 60;
const NONCE_SLOT = "\u0001nonce\u0001";
const CSRF_SLOT = "\u0001csrf\u0001";

type CachedPage = { status: number; headers: [string, string][]; body: string; customer?: CustomerSlots };
const pages = namedCache<CachedPage>("rendered-pages", { ttlSeconds: PAGE_TTL_SECONDS, max: 300, derived: true });

// Cookies that do not change what a page shows: the CSRF token (put back per hit), the
// language (part of the key) and the cookie consent (part of the key). A visitor with any
// other cookie of ours (session, toast, cart, member card) gets a fresh render; cookies of
// analytics snippets (_ga, _fbp: one leading underscore) are not ours and are ignored.
// The CSRF cookie under its plain name too: the name production used before `__Host-` (decision 0085).
const NEUTRAL_COOKIES = new Set([csrfCookie.name, "csrf", "lng", "acceptedCookies"]);
// Paths that are never pages a shopper browses anonymously, or that have their own caching:
// the routes the route table marks `pageCache: false` (back office, media, actions), and
// what is not a route: build files, Remix's manifest and data requests, file names.
const UNCACHED_REQUESTS = /^\/(?:assets|__manifest)(?:\/|$)|\.data$|\.[a-z0-9]+$/i;

// What a customer's kept page fills in: the session names them, the wishlist cookie a visitor's hearts.
const FILLED_COOKIES = new Set([sessionCookie.name, WISHLIST_COOKIE]);

function readCookies(header: string | undefined, fillable = false): Map<string, string> | null {
  const cookies = new Map<string, string>();
  for (const [name, value] of Object.entries(readCookieHeader(header))) {
    if (!NEUTRAL_COOKIES.has(name) && !/^_[^_]/.test(name) && !(fillable && FILLED_COOKIES.has(name))) return null;
    cookies.set(name, value ?? "");
  }
  return cookies;
}

/**
 * Query parameters of ad and mail tracking (utm_*, the click ids of Google, Meta,
 * Microsoft, TikTok, X, LinkedIn, Yandex, Mailchimp): no page reads them, analytics reads
 * them in the browser. Left in the key, every campaign link would be a miss that evicts a
 * real page (decision 0070).
 */
const TRACKING_PARAM =
  /^(?:utm_[a-z_]+|fbclid|gclid|gclsrc|gbraid|wbraid|dclid|msclkid|yclid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|igshid|_gl)$/i;

/**
 * The URL a shared page is rendered for and kept under: the path and the query without
 * tracking parameters, the rest as sent (their order is left alone: the catalogue
 * redirects a query to its own canonical order, and reordering here would loop with it).
 */
export function canonicalPageUrl(originalUrl: string): string {
  const q = originalUrl.indexOf("?");
  if (q < 0) return originalUrl;
  const kept = [...new URLSearchParams(originalUrl.slice(q + 1))].filter(([name]) => !TRACKING_PARAM.test(name));
  const query = new URLSearchParams(kept).toString();
  return originalUrl.slice(0, q) + (query ? `?${query}` : "");
}

/** The host a request names: X-Forwarded-Host (only a trusted proxy's is left, forwarded-headers.server.ts), else Host. */
function requestHost(req: Pick<Request, "headers">): string {
  const forwarded = req.headers["x-forwarded-host"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return (first || req.headers.host || "").toLowerCase();
}

/**
 * The cache key of a request, or null when its page must be rendered for this visitor.
 * Only a request for the public host (PUBLIC_URL's) is cached or served from the cache, so
 * a page rendered for another Host or X-Forwarded-Host (whatever it put in the page) never
 * reaches anyone else (decision 0032); the key is then the path and query alone.
 */
export function pageCacheKey(req: Pick<Request, "method" | "path" | "originalUrl" | "headers">, publicHost: string): string | null {
  return keyOf(req, publicHost, readCookies(req.headers.cookie));
}

function keyOf(req: Pick<Request, "method" | "path" | "originalUrl" | "headers">, publicHost: string, cookies: Map<string, string> | null) {
  if (req.method !== "GET" || UNCACHED_REQUESTS.test(req.path) || UNCACHED_ROUTE_PATHS.test(req.path)) return null;
  if (requestHost(req) !== publicHost.toLowerCase()) return null;
  if (!cookies) return null;
  // A visitor whose language cookie already names this page's language gets no lng Set-Cookie.
  const languageKnown = cookies.get("lng") === localeFromPath(req.path) ? 1 : 0;
  return `${canonicalPageUrl(req.originalUrl)}|${languageKnown}|${cookies.get("acceptedCookies") ?? ""}`;
}

/**
 * The key of the kept page for customers (decision 0135), for a request that has no
 * anonymous key only because of its session or wishlist cookie, on a page whose content is
 * the same for every customer; signed in or a visitor with a wishlist, a kind of its own.
 */
export function customerPageKey(
  req: Pick<Request, "method" | "path" | "originalUrl" | "headers">,
  publicHost: string,
): { key: string; signedIn: boolean } | null {
  if (!CUSTOMER_KEPT_ROUTE_PATHS.test(req.path)) return null;
  const cookies = readCookies(req.headers.cookie, true);
  const key = keyOf(req, publicHost, cookies);
  if (!key) return null;
  const signedIn = cookies!.has(sessionCookie.name);
  return { key: `${key}|${signedIn ? "customer" : "visitor"}`, signedIn };
}

/** A response every anonymous visitor may get: a 200 HTML page setting no cookie but the CSRF and language ones. */
function isShareable(response: globalThis.Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  if (/private|no-store/.test(response.headers.get("Cache-Control") ?? "")) return false;
  return response.headers.getSetCookie().every((cookie) => cookie.startsWith(`${csrfCookie.name}=`) || cookie.startsWith("lng="));
}

async function csrfFor(req: Request): Promise<[string, string | null]> {
  return (await csrf.commitToken(new Headers({ cookie: req.headers.cookie ?? "" }))) as [string, string | null];
}

// Compiled templates of this process (a Redis-backed cache hands back a new string per read).
const compiled = new Map<string, { body: string; template: GzipTemplate }>();

function templateOf(key: string, page: CachedPage): GzipTemplate {
  const known = compiled.get(key);
  if (known && known.body === page.body) return known.template;
  const template = compileGzipTemplate(page.body, [
    { marker: NONCE_SLOT, bytes: NONCE_BYTES },
    { marker: CSRF_SLOT, bytes: CSRF_TOKEN_BYTES },
    ...(page.customer ? customerSlotSpecs(page.customer) : []),
  ]);
  if (compiled.size >= 300) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, { body: page.body, template });
  return template;
}

function serveCached(
  req: Request,
  res: Response,
  key: string,
  page: CachedPage,
  [token, setCookie]: [string, string | null],
  { visitor, state = "hit" }: { visitor?: Visitor; state?: "hit" | "miss" } = {},
) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  if (setCookie) res.append("Set-Cookie", setCookie);
  res.setHeader("X-Page-Cache", state);
  res.setHeader("Vary", "Accept-Encoding");
  // A page with a customer's name is theirs: no shared cache between them and the shop keeps it.
  if (page.customer) res.setHeader("Cache-Control", "private, no-cache");
  const values = {
    [NONCE_SLOT]: res.locals.cspNonce as string,
    [CSRF_SLOT]: token,
    ...(page.customer && visitor ? customerSlotValues(page.customer, visitor) : {}),
  };
  const template = templateOf(key, page);
  if (req.acceptsEncodings("gzip")) {
    try {
      const body = renderGzipTemplate(template, values);
      // Already compressed: the compression middleware leaves an encoded response alone.
      res.setHeader("Content-Encoding", "gzip");
      return res.send(body);
    } catch (error) {
      // A nonce or token of another length than the kept one's: sent as text, compressed on the way.
      if (!(error instanceof SlotLengthError)) throw error;
    }
  }
  res.send(renderTemplate(template, values));
}

/** The headers a kept page is served with: the render's, but for its cookies other than the language's. */
function keptHeaders(response: globalThis.Response): [string, string][] {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) if (cookie.startsWith("lng=")) headers.push(["Set-Cookie", cookie]);
  return headers;
}

/**
 * Keeps the stand-in customer's render as the page for customers, with its slots (decision
 * 0135); null when it cannot be kept (see slotCustomerPage) and each visitor gets their own render.
 */
async function keepForCustomers(res: Response, response: globalThis.Response, key: string, generation: string): Promise<CachedPage | null> {
  const body = await response.text();
  // The stand-in was sent no CSRF cookie: its page holds the token just issued.
  const issued = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${csrfCookie.name}=`));
  const token: unknown = await csrfCookie.parse(issued ?? null);
  const nonce = res.locals.cspNonce as string;
  if (typeof token !== "string" || token.length !== CSRF_TOKEN_BYTES || nonce.length !== NONCE_BYTES) return null;
  const slotted = slotCustomerPage(body.replaceAll(nonce, NONCE_SLOT).replaceAll(token, CSRF_SLOT));
  if (!slotted) return null;
  const page: CachedPage = { status: response.status, headers: keptHeaders(response), body: slotted.template, customer: slotted.slots };
  await pages.set(key, page, generation);
  return page;
}

/**
 * Sends the fresh render to this visitor and keeps a copy with the per-visitor values taken
 * out, unless the cache was cleared while it rendered (`generation`: read with the miss).
 */
async function sendAndKeep(req: Request, res: Response, response: globalThis.Response, key: string, generation: string) {
  // The bytes go out as rendered; the text is only for the copy kept (decoding and then
  // encoding the same page again cost a fresh home page about 0.5 ms, decision 0070).
  const bytes = Buffer.from(await response.arrayBuffer());
  const body = bytes.toString("utf8");
  // The token the page was rendered with: the one just issued, else the visitor's own.
  const issued = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${csrfCookie.name}=`));
  const token: unknown = await csrfCookie.parse(issued ?? req.headers.cookie ?? null);
  const nonce = res.locals.cspNonce as string;
  if (typeof token === "string" && token.length >= 16 && nonce.length >= 16) {
    const template = body.replaceAll(nonce, NONCE_SLOT).replaceAll(token, CSRF_SLOT);
    await pages.set(key, { status: response.status, headers: keptHeaders(response), body: template }, generation);
  }
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res.setHeader("X-Page-Cache", "miss");
  res.send(bytes);
}

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** PUBLIC_URL's host ("shop.example.com", "localhost:3000"): the only host whose pages are cached. */
  publicHost: string;
  getLoadContext: (req: Request, res: Response) => Record<string, unknown>;
};

/** The adapter's Request, with the body the body limit already read (app/.server/http/body-limit.server.ts). */
function remixRequest(req: Request, res: Response): globalThis.Request {
  const request = createRemixRequest(req, res);
  const body = bufferedBody(req);
  if (body === undefined) return request;
  return new globalThis.Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body,
    duplex: "half",
  } as RequestInit);
}

/**
 * What the session read needs of a request (its address for the language, the cookies, and
 * the browser and address a session's use is noted with), without the adapter's whole
 * conversion: a hit of the kept page for customers builds nothing else.
 */
function shopperRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", CLIENT_ADDRESS_HEADER]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return new globalThis.Request(new URL(req.originalUrl, "http://shop.invalid"), { headers });
}

/** The Remix request handler of @remix-run/express with the rendered-page cache in front. */
export function createCachingRequestHandler({ build, mode, publicHost, getLoadContext }: Options) {
  const handle = createRemixHandler(build, mode);

  /** Renders the request in a scope of its own (with what was read of it already) and sends the answer. */
  async function renderAndSend(req: Request, res: Response, request: globalThis.Request, scope: RequestScope = {}) {
    const context = getLoadContext(req, res);
    const response = await inRequestScope(() => handle(request, context), scope);
    // Where a loader's or action's error has become a response: one that failed for want of
    // the database (noted by entry.server.tsx's handleError) is a 503, not the error page.
    if (metDatabaseOutage(context)) await answerDatabaseOutage(req, res, response);
    else await sendStreamedResponse(res, response);
  }

  /**
   * A signed-in customer, or a visitor with a wishlist, on a page that is the same for every
   * customer (decision 0135): the kept page for customers with their values filled in, or
   * their own render where the page is not theirs to share (a group's prices, their comments).
   */
  async function serveCustomer(req: Request, res: Response, { key, signedIn }: { key: string; signedIn: boolean }) {
    let scope: RequestScope = {};
    let visitor: Visitor | null;
    if (signedIn) {
      const id: unknown = await sessionCookie.parse(req.headers.cookie ?? null);
      const viewKey = typeof id === "string" && id ? createHash("sha256").update(id).digest("base64url") : null;
      const known = viewKey ? await customerViews.read(viewKey) : null;
      if (known?.value !== undefined && known.value !== null) {
        const { firstName, email, wishlist, commentedOn } = known.value;
        visitor = { user: { firstName, email }, wishlist, commentedOn };
      } else if (known?.value === null) {
        visitor = null;
      } else {
        // Read once here (one statement), and handed to the loaders if they render for this visitor.
        const shopper = readShopper(shopperRequest(req));
        scope = { shopper };
        visitor = fillableCustomer(await shopper);
        const view = visitor?.user ? { ...visitor.user, wishlist: [...visitor.wishlist], commentedOn: [...visitor.commentedOn] } : null;
        if (viewKey) await customerViews.set(viewKey, view, known?.generation);
      }
    } else {
      visitor = { user: null, wishlist: guestWishlistOf(readCookieHeader(req.headers.cookie)[WISHLIST_COOKIE]), commentedOn: [] };
    }
    if (!visitor) return renderAndSend(req, res, remixRequest(req, res), scope);
    const { value: page, generation } = await pages.read(key);
    if (page?.customer) {
      if (showsOwnComments(page.customer, visitor)) return renderAndSend(req, res, remixRequest(req, res), scope);
      return serveCached(req, res, key, page, await csrfFor(req), { visitor });
    }
    // A miss: the page is rendered for the stand-in (with the visitor's language and consent
    // cookies only, so it holds nobody's token), kept with its slots and served as a hit is.
    const request = remixRequest(req, res);
    const url = new URL(canonicalPageUrl(req.originalUrl), request.url);
    const neutral = Object.entries(readCookieHeader(req.headers.cookie)).filter(([name]) => name === "lng" || name === "acceptedCookies");
    const headers = new Headers(request.headers);
    headers.set("Cookie", neutral.map(([name, value]) => `${name}=${encodeURIComponent(value ?? "")}`).join("; "));
    const standInRequest = new globalThis.Request(url, { method: "GET", headers, signal: request.signal });
    const { locale, switched } = requestLocale(standInRequest);
    const context = getLoadContext(req, res);
    const standIn = { shopper: Promise.resolve(standInShopper(locale, switched, signedIn)) };
    const response = await inRequestScope(() => handle(standInRequest, context), standIn);
    if (metDatabaseOutage(context)) return answerDatabaseOutage(req, res, response);
    let kept: CachedPage | null = null;
    if (isShareable(response)) kept = await keepForCustomers(res, response, key, generation);
    else await response.body?.cancel();
    if (!kept || showsOwnComments(kept.customer!, visitor)) return renderAndSend(req, res, request, scope);
    serveCached(req, res, key, kept, await csrfFor(req), { visitor, state: "miss" });
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const refused = invalidAddressAnswer(req.originalUrl);
      if (refused) return await sendStreamedResponse(res, refused);
      const key = mode === "production" ? pageCacheKey(req, publicHost) : null;
      if (!key) {
        const forCustomer = mode === "production" ? customerPageKey(req, publicHost) : null;
        if (forCustomer) return await serveCustomer(req, res, forCustomer);
        return await renderAndSend(req, res, remixRequest(req, res));
      }
      const { value: page, generation } = await pages.read(key);
      if (page) return serveCached(req, res, key, page, await csrfFor(req));
      // A shared page is rendered for its canonical URL, so the copy kept holds no visitor's
      // campaign parameters (in a form's redirectTo, say) for the next visitor to get.
      // (The adapter builds the Request from originalUrl.)
      req.originalUrl = canonicalPageUrl(req.originalUrl);
      const context = getLoadContext(req, res);
      const response = await inRequestScope(() => handle(remixRequest(req, res), context));
      if (metDatabaseOutage(context)) await answerDatabaseOutage(req, res, response);
      else if (isShareable(response)) await sendAndKeep(req, res, response, key, generation);
      else await sendStreamedResponse(res, response);
    } catch (error) {
      if (isDatabaseUnavailable(error) && !res.headersSent) await answerDatabaseOutage(req, res).catch(next);
      else next(error);
    }
  };
}
