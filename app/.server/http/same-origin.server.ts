import type { NextFunction, Request, Response } from "express";
import { isApiPath } from "~/lib/api-path";
import { localeFromPath } from "~/lib/locales";
import de from "../../../locales/de/error.json";
import en from "../../../locales/en/error.json";
import hr from "../../../locales/hr/error.json";

const MESSAGES = { hr: hr.error.forbidden, en: en.error.forbidden, de: de.error.forbidden };

/**
 * A state-changing request whose Origin is another site is refused with 403 before it
 * reaches an action. (Remix would refuse it too, but with a 500.) Requests without an
 * Origin header still meet the CSRF token check of every action. X-Forwarded-Host is read
 * only because forwarded-headers.server.ts has already dropped it unless a proxy named in
 * TRUST_PROXY sent it.
 */
export function sameOrigin(req: Request, res: Response, next: NextFunction) {
  // The headless API answers other origins itself: CORS for the configured ones, JSON
  // refusals for the rest (app/modules/api/api-router.server.ts).
  if (isApiPath(req.path)) return next();
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("origin");
  if (!origin) return next();
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (originHost && originHost === host) return next();
  res.status(403).type("text/plain; charset=utf-8").send(MESSAGES[localeFromPath(req.path)]);
}
