import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
// The adapter's own request conversion (@remix-run/express has no exports map).
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import type { NextFunction, Request, Response } from "express";
import { namedCache } from "../cache.server";
import { readCookieHeader } from "../cookies.server";
import { csrf, csrfCookie } from "../security.server";
import { localeFromPath } from "~/lib/locales";
import { UNCACHED_ROUTE_PATHS } from "~/lib/route-policy";
import { isDatabaseUnavailable } from "../db/errors.server";
import { bufferedBody } from "./body-limit.server";
import { answerDatabaseOutage, metDatabaseOutage } from "./database-outage.server";
import { compileGzipTemplate, renderGzipTemplate, renderTemplate, type GzipTemplate } from "./gzip-template.server";
import { sendStreamedResponse } from "./send-response.server";
import { inRequestScope } from "./request-scope.server";
import { invalidAddressAnswer } from "./url-text.server";

/**
 * The rendered-page cache ("caching of anonymous catalogue reads", decision 0008): a GET
 * document of a visitor without a session, cart or toast is the same for every such
 * visitor, so it is rendered once and served from memory (or Redis) until the data under it
 * changes: it is a derived named cache, cleared with any other named cache, and lives
 * PAGE_TTL_SECONDS at most. Only two things differ per visitor and are put back on every
 * hit: the CSP nonce (fresh per response) and the CSRF token (the visitor's own cookie, or
 * a new one with its Set-Cookie).
 */
const PAGE_TTL_SECONDS = 60;
const NONCE_SLOT = "\u0001nonce\u0001";
const CSRF_SLOT = "\u0001csrf\u0001";

type CachedPage = { status: number; headers: [string, string][]; body: string };
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

function readCookies(header: string | undefined): Map<string, string> | null {
  const cookies = new Map<string, string>();
  for (const [name, value] of Object.entries(readCookieHeader(header))) {
    if (!NEUTRAL_COOKIES.has(name) && !/^_[^_]/.test(name)) return null;
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
  if (req.method !== "GET" || UNCACHED_REQUESTS.test(req.path) || UNCACHED_ROUTE_PATHS.test(req.path)) return null;
  if (requestHost(req) !== publicHost.toLowerCase()) return null;
  const cookies = readCookies(req.headers.cookie);
  if (!cookies) return null;
  // A visitor whose language cookie already names this page's language gets no lng Set-Cookie.
  const languageKnown = cookies.get("lng") === localeFromPath(req.path) ? 1 : 0;
  return `${canonicalPageUrl(req.originalUrl)}|${languageKnown}|${cookies.get("acceptedCookies") ?? ""}`;
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
  const template = compileGzipTemplate(page.body, [NONCE_SLOT, CSRF_SLOT]);
  if (compiled.size >= 300) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, { body: page.body, template });
  return template;
}

function serveCached(req: Request, res: Response, key: string, page: CachedPage, token: string, setCookie: string | null) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  if (setCookie) res.append("Set-Cookie", setCookie);
  res.setHeader("X-Page-Cache", "hit");
  res.setHeader("Vary", "Accept-Encoding");
  const values = { [NONCE_SLOT]: res.locals.cspNonce as string, [CSRF_SLOT]: token };
  const template = templateOf(key, page);
  if (!req.acceptsEncodings("gzip")) return res.send(renderTemplate(template, values));
  // Already compressed: the compression middleware leaves an encoded response alone.
  res.setHeader("Content-Encoding", "gzip");
  res.send(renderGzipTemplate(template, values));
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
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie" && name !== "content-length") headers.push([name, value]);
    });
    for (const cookie of response.headers.getSetCookie()) if (cookie.startsWith("lng=")) headers.push(["Set-Cookie", cookie]);
    const template = body.replaceAll(nonce, NONCE_SLOT).replaceAll(token, CSRF_SLOT);
    await pages.set(key, { status: response.status, headers, body: template }, generation);
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

/** The Remix request handler of @remix-run/express with the rendered-page cache in front. */
export function createCachingRequestHandler({ build, mode, publicHost, getLoadContext }: Options) {
  const handle = createRemixHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const refused = invalidAddressAnswer(req.originalUrl);
      if (refused) return await sendStreamedResponse(res, refused);
      const key = mode === "production" ? pageCacheKey(req, publicHost) : null;
      let generation = "";
      if (key) {
        const { value: page, generation: current } = await pages.read(key);
        if (page) return serveCached(req, res, key, page, ...(await csrfFor(req)));
        generation = current;
        // A shared page is rendered for its canonical URL, so the copy kept holds no visitor's
        // campaign parameters (in a form's redirectTo, say) for the next visitor to get.
        // (The adapter builds the Request from originalUrl.)
        req.originalUrl = canonicalPageUrl(req.originalUrl);
      }
      const context = getLoadContext(req, res);
      const response = await inRequestScope(() => handle(remixRequest(req, res), context));
      // Where a loader's or action's error has become a response: one that failed for want of
      // the database (noted by entry.server.tsx's handleError) is a 503, not the error page.
      if (metDatabaseOutage(context)) await answerDatabaseOutage(req, res, response);
      else if (key && isShareable(response)) await sendAndKeep(req, res, response, key, generation);
      else await sendStreamedResponse(res, response);
    } catch (error) {
      if (isDatabaseUnavailable(error) && !res.headersSent) await answerDatabaseOutage(req, res).catch(next);
      else next(error);
    }
  };
}
