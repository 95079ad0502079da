import type { Request, Response } from "express";
import { interfaceLocale, isLocale, type Locale } from "~/lib/locales";
import { readCookieHeader } from "../cookies.server";

/**
 * How the HTTP layer's refusals (413, 429, ...) are written. The shop answers its pages'
 * visitors in their language as plain text; a part of the site with a format of its own
 * (the headless API's JSON envelope, decision 0084) installs its writer for its requests
 * first (`installRefusalWriter`), so no middleware here needs to know that format.
 */
export type RefusalWriter = (res: Response, status: number, message: string, headers?: Record<string, string>) => void;

const WRITER = "refusalWriter";

/** The language of a refusal: the same rule as the pages' (the admin's own language under /admin). */
function refusalLocale(req: Request): Locale {
  const remembered = readCookieHeader(req.headers.cookie).lng;
  return interfaceLocale(req.path, isLocale(remembered) ? remembered : null);
}

export function installRefusalWriter(res: Response, writer: RefusalWriter) {
  res.locals[WRITER] = writer;
}

/** Sends a refusal: `messages` in the request's language (refusalLocale), or the installed writer with the English one. */
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
  res.status(status).type("text/plain; charset=utf-8").send(messages[refusalLocale(req)]);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export type RefusalPage = { title: string; text: string; back: { href: string; label: string } };

/**
 * A refusal a browser shows as a page (a form posted without JavaScript): the message, what
 * to do, and a link back, in the request's language. Anything else (a script, the API, a
 * client that did not ask for HTML) gets `refuse`'s plain answer.
 */
export function refuseWithPage(
  req: Request,
  res: Response,
  status: number,
  messages: Record<Locale, string>,
  page: (locale: Locale) => RefusalPage,
) {
  if (res.locals[WRITER] || !(req.headers.accept ?? "").includes("text/html")) return refuse(req, res, status, messages);
  const locale = refusalLocale(req);
  const { title, text, back } = page(locale);
  res
    .status(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title></head><body><main data-testid="refusal"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
        `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></main></body></html>`,
    );
}
