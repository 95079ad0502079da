import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import type { Request, Response } from "express";
import { localeFromPath } from "~/lib/locales";
import { isDatabaseUnavailable } from "../db/errors.server";
import de from "../../../locales/de/http.json";
import en from "../../../locales/en/http.json";
import hr from "../../../locales/hr/http.json";
import { refuse } from "./refusal.server";

/**
 * While the database is gone (a restart, a failover, a network cut) a request that needed it
 * is answered 503 with Retry-After, in the visitor's language (or the API's JSON envelope),
 * instead of the shop's 500 error page; the next request tries the database again, so the
 * shop serves as soon as it is back (decision 0090). Services know nothing of this: they
 * throw the driver's error as ever. The answer is made where every page and data request
 * leaves Remix (entry.server.tsx: handleError, handleRequest, handleDataRequest), so the
 * build's own request handler answers 503 too; the request handler in front of it
 * (page-cache.server.ts) covers what does not pass there (resource routes, the API).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const MESSAGES = { hr: hr.http.shopUnavailable, en: en.http.shopUnavailable, de: de.http.shopUnavailable };
const HEADERS = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };

// Remix reports a loader's or action's error to entry.server.tsx's handleError with the
// request's load context; the request handler reads the mark after Remix has answered.
// server.ts and the Remix build load this module separately: the set is the process's one.
const g = globalThis as unknown as { __shopDatabaseOutages?: WeakSet<object> };
const outages = (g.__shopDatabaseOutages ??= new WeakSet<object>());

/**
 * Notes (for the request of `context`) a thrown error that says the database is unavailable;
 * true if it was. Such an error becomes, in place, the 503 error response whose detail is
 * the translated message (in the language of the request's path): Remix calls handleError
 * just before it encodes a route's error, and would encode any other error as the bare
 * "Unexpected Server Error", so the error boundary of a page reached by a client-side
 * navigation could not tell an outage from a fault (root.tsx shows the detail).
 */
export function noteRequestError(context: object, error: unknown, url?: string): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  outages.add(context);
  if (url && typeof error === "object" && error !== null && !Object.isFrozen(error)) {
    const answer = new ErrorResponse(503, "Service Unavailable", { detail: MESSAGES[localeFromPath(new URL(url).pathname)] });
    Object.setPrototypeOf(error, ErrorResponse.prototype);
    Object.assign(error, answer);
  }
  return true;
}

/** Whether a loader or action of the request of `context` failed for want of the database. */
export const metDatabaseOutage = (context: object) => outages.has(context);

/**
 * The 503 of a page or data request that met an outage (entry.server.tsx), made from what
 * Remix rendered: a data request keeps its encoded body (the route's 503 error, for the
 * error boundary); a document becomes the plain translated message (the error page needed
 * the database too).
 */
export async function databaseOutageResponse(request: globalThis.Request, rendered: globalThis.Response): Promise<globalThis.Response> {
  const headers = new Headers(rendered.headers);
  // Nothing of the failed request is kept (a session it began, a length of another body).
  headers.delete("Set-Cookie");
  headers.delete("Content-Length");
  for (const [name, value] of Object.entries(HEADERS)) headers.set(name, value);
  if (new URL(request.url).pathname.endsWith(".data")) return new Response(rendered.body, { status: 503, headers });
  await rendered.body?.cancel();
  return new Response(MESSAGES[localeFromPath(new URL(request.url).pathname)], {
    status: 503,
    headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Sends the 503 in the request handler in front of Remix. A data request (`.data`, the browser's navigation with JavaScript) keeps
 * the body Remix encoded, so the page's error boundary shows instead of a decoding error;
 * a document gets the plain translated message (the error page Remix rendered needed the
 * database too); the API's writer (installed for /api) writes its envelope.
 */
export async function answerDatabaseOutage(req: Request, res: Response, rendered?: globalThis.Response) {
  const headers = HEADERS;
  if (rendered?.body && req.path.endsWith(".data")) {
    res.status(503);
    rendered.headers.forEach((value, name) => {
      if (name !== "set-cookie" && name !== "content-length") res.setHeader(name, value);
    });
    res.set(headers);
    res.send(Buffer.from(await rendered.arrayBuffer()));
    return;
  }
  await rendered?.body?.cancel();
  refuse(req, res, 503, MESSAGES, headers);
}
