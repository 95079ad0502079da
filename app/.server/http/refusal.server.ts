import type { Request, Response } from "express";
import { localeFromPath, type Locale } from "~/lib/locales";

/**
 * How the HTTP layer's refusals (413, 429, ...) are written. The shop answers its pages'
 * visitors in their language as plain text; a part of the site with a format of its own
 * (the headless API's JSON envelope, decision 0084) installs its writer for its requests
 * first (`installRefusalWriter`), so no middleware here needs to know that format.
 */
export type RefusalWriter = (res: Response, status: number, message: string, headers?: Record<string, string>) => void;

const WRITER = "refusalWriter";

export function installRefusalWriter(res: Response, writer: RefusalWriter) {
  res.locals[WRITER] = writer;
}

/** Sends a refusal: `messages` in the path's language, or the installed writer with the English one. */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  messages: Record<Locale, string>,
  headers: Record<string, string> = {},
) {
  const writer = res.locals[WRITER] as RefusalWriter | undefined;
  if (writer) return writer(res, status, messages.en, headers);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).type("text/plain; charset=utf-8").send(messages[localeFromPath(req.path)]);
}
