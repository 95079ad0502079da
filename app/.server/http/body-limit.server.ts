import type { NextFunction, Request, Response } from "express";
import { LOCALES, localePrefix, type Locale } from "~/lib/locales";
import { ROUTES } from "~/lib/routes-table";
import de from "../../../locales/de/error.json";
import en from "../../../locales/en/error.json";
import hr from "../../../locales/hr/error.json";
import { localPath } from "~/lib/local-path";
import { env } from "../env.server";
import { refuseWithPage } from "./refusal.server";

const MESSAGES = { hr: hr.error.payloadTooLarge, en: en.error.payloadTooLarge, de: de.error.payloadTooLarge };
const PAGES = { hr: hr.error, en: en.error, de: de.error };

/** The page a browser without JavaScript shows for a post over the limit: how much fits, and the way back. */
const refusalPage = (req: Request, max: number) => (locale: Locale) => {
  const words = PAGES[locale];
  return {
    title: words.payloadTooLarge,
    text: words.payloadTooLargeHint.replace("{{max}}", String(Math.max(1, Math.round(max / 1024 / 1024)))),
    back: { href: localPath(req.originalUrl, "/"), label: words.payloadTooLargeBack },
  };
};

/** A form post's largest body (DESIGN.md "Trust boundaries"): 1 MB. */
export const FORM_BODY_LIMIT = 1_000_000;

/**
 * Backoffice posts may carry uploads (media-upload.server.ts: one 50 MB download, or images
 * of 10 MB), so /admin takes up to 64 MB; with JavaScript the media library sends one file
 * per request, so only a post without it (or a form with many files) meets this limit.
 * ADMIN_UPLOAD_BODY_LIMIT lowers it for browser tests only (a unit test holds the default).
 */
export const ADMIN_UPLOAD_BODY_LIMIT = env.ADMIN_UPLOAD_BODY_LIMIT;

/**
 * A shop form with a file field takes up to 10 files (spec §5 public uploads): its posts
 * (/obrazac/…, /en/form/…, /de/formular/…) may carry up to 20 MB in all, not more, since
 * anyone may post them (decision 0078).
 */
export const PUBLIC_UPLOAD_BODY_LIMIT = 20 * 1024 * 1024;
export const PUBLIC_UPLOAD_PREFIXES = LOCALES.map((locale) => `${localePrefix(locale)}/${ROUTES.form.paths[locale].split("/")[0]}/`);

type Options = {
  limit?: number;
  /** Larger limits for paths that take uploads, by path prefix. */
  larger?: { prefix: string; limit: number }[];
};

/** How many times its limit a refused body may be to be read to its end (see `refuse`). */
const DRAIN_FACTOR = 4;

/** The buffered body of a request that passed the limit (read by the page-cache handler). */
const BODIES = new WeakMap<Request, Buffer>();
export const bufferedBody = (req: Request): Buffer | undefined => BODIES.get(req);

/**
 * Bounds every request body before anything parses it: a declared Content-Length over the
 * limit is refused at once; a body without one (chunked) is counted while it arrives and
 * refused as soon as it passes the limit. Refused: 413 with a translated message (a page
 * with the way back for a browser); the rest is read and dropped, and the connection cut
 * after 5 s if the client keeps sending (two minutes for a body of a few times the limit).
 * A body within the limit is kept (at most `limit` bytes) for the request handler, which
 * hands it to Remix (`bufferedBody`).
 */
export function bodyLimit({ limit = FORM_BODY_LIMIT, larger = [] }: Options = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const max = larger.find((l) => req.path.startsWith(l.prefix))?.limit ?? limit;
    const refuse = () => {
      if (res.headersSent) return;
      refuseWithPage(req, res, 413, MESSAGES, refusalPage(req, max));
      // What is still coming is read and dropped (closing on unread data would reset the
      // connection and could lose the answer); a client that keeps sending is cut off.
      // A browser shows the answer only once it has sent its body: a declared body of a few
      // times the limit (too many files in one post) is read to its end for up to two minutes.
      req.resume();
      const declaredSize = Number(req.headers["content-length"] ?? Infinity);
      setTimeout(() => req.socket.destroy(), declaredSize <= DRAIN_FACTOR * max ? 120_000 : 5_000).unref();
    };
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > max) return refuse();
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        return refuse();
      }
      chunks.push(chunk);
    });
    req.once("end", () => {
      if (over) return;
      BODIES.set(req, Buffer.concat(chunks, size));
      next();
    });
    req.once("error", (error) => {
      if (!over) next(error);
    });
  };
}
