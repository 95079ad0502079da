import type { NextFunction, Request, Response } from "express";
import { LOCALES, localePrefix } from "~/lib/locales";
import { ROUTES } from "~/lib/routes-table";
import de from "../../../locales/de/error.json";
import en from "../../../locales/en/error.json";
import hr from "../../../locales/hr/error.json";
import { refuse as sendRefusal } from "./refusal.server";

const MESSAGES = { hr: hr.error.payloadTooLarge, en: en.error.payloadTooLarge, de: de.error.payloadTooLarge };

/** A form post's largest body (DESIGN.md "Trust boundaries"): 1 MB. */
export const FORM_BODY_LIMIT = 1_000_000;

/**
 * Backoffice posts may carry uploads (media-upload.server.ts: up to 20 images of 10 MB, or
 * one 50 MB download), so /admin takes up to 64 MB; a larger batch is uploaded in parts.
 */
export const ADMIN_UPLOAD_BODY_LIMIT = 64 * 1024 * 1024;

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

/** The buffered body of a request that passed the limit (read by the page-cache handler). */
const BODIES = new WeakMap<Request, Buffer>();
export const bufferedBody = (req: Request): Buffer | undefined => BODIES.get(req);

/**
 * Bounds every request body before anything parses it: a declared Content-Length over the
 * limit is refused at once; a body without one (chunked) is counted while it arrives and
 * refused as soon as it passes the limit. Refused: 413 with a translated message; the rest
 * is read and dropped, and the connection cut after 5 s if the client keeps sending. A body within the limit is kept (at most `limit` bytes) for the
 * request handler, which hands it to Remix (`bufferedBody`).
 */
export function bodyLimit({ limit = FORM_BODY_LIMIT, larger = [] }: Options = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const max = larger.find((l) => req.path.startsWith(l.prefix))?.limit ?? limit;
    const refuse = () => {
      if (res.headersSent) return;
      sendRefusal(req, res, 413, MESSAGES);
      // What is still coming is read and dropped (closing on unread data would reset the
      // connection and could lose the answer); a client that keeps sending is cut off.
      req.resume();
      setTimeout(() => req.socket.destroy(), 5_000).unref();
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
