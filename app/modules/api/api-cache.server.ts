import { createHash } from "node:crypto";
import { etagMatches } from "~/lib/etag";
import { API_HEADERS } from "./api-endpoint";

/**
 * Caching of the catalogue's reads (endpoints marked `cacheable`, decision 0123): the answer
 * carries an ETag (a hash of its body) and a conditional call whose If-None-Match names it
 * gets 304 without a body. Anonymous answers may be kept a minute by an app or a CDN (and
 * served stale while it revalidates); an answer to a signed-in call is never stored, since
 * a customer group's prices differ from the public ones.
 */
export const API_CACHE_CONTROL = {
  anonymous: "public, max-age=60, stale-while-revalidate=300",
  signedIn: "private, no-store",
} as const;

/** Request headers the answer depends on: the token (prices), the key (who may read) and the language. */
export const API_CACHE_VARY = ["Authorization", API_HEADERS.apiKey, API_HEADERS.language] as const;

/** The 200 of a cacheable read, or its 304 when the caller already has this body. */
export function cacheableAnswer(request: Request, body: string, headers: Headers): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  headers.set("ETag", etag);
  headers.set("Cache-Control", request.headers.has("Authorization") ? API_CACHE_CONTROL.signedIn : API_CACHE_CONTROL.anonymous);
  for (const name of API_CACHE_VARY) headers.append("Vary", name);
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null && etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}
