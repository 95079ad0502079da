import type { Request, Response } from "express";
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
 * throw the driver's error as ever, and the request handler (page-cache.server.ts) asks here.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const MESSAGES = { hr: hr.http.shopUnavailable, en: en.http.shopUnavailable, de: de.http.shopUnavailable };

// Remix reports a loader's or action's error to entry.server.tsx's handleError with the
// request's load context; the request handler reads the mark after Remix has answered.
// server.ts and the Remix build load this module separately: the set is the process's one.
const g = globalThis as unknown as { __shopDatabaseOutages?: WeakSet<object> };
const outages = (g.__shopDatabaseOutages ??= new WeakSet<object>());

/** Notes (for the request of `context`) a thrown error that says the database is unavailable; true if it was. */
export function noteRequestError(context: object, error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  outages.add(context);
  return true;
}

/** Whether a loader or action of the request of `context` failed for want of the database. */
export const metDatabaseOutage = (context: object) => outages.has(context);

/**
 * Sends the 503. A data request (`.data`, the browser's navigation with JavaScript) keeps
 * the body Remix encoded, so the page's error boundary shows instead of a decoding error;
 * a document gets the plain translated message (the error page Remix rendered needed the
 * database too); the API's writer (installed for /api) writes its envelope.
 */
export async function answerDatabaseOutage(req: Request, res: Response, rendered?: globalThis.Response) {
  const headers = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
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
