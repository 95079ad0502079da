import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { TrackingCsp } from "./tracking-csp.server";

// Hosts of the configured analytics and marketing tags (tracking-csp.server.ts), per request.
const tracking = (kind: keyof TrackingCsp) => (_req: unknown, res: unknown) =>
  ((res as Response).locals.trackingCsp as TrackingCsp | undefined)?.[kind].join(" ") ?? "";

/** The length of every nonce: 16 random bytes in base64 (a kept page's slot for it is of this length). */
export const NONCE_BYTES = 24;

/** A fresh nonce per request; entry.server puts it on every inline script Remix writes. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

// reCAPTCHA v2 loads its script from these and shows its challenge in a frame from Google.
const CAPTCHA_SCRIPTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const CAPTCHA_FRAMES = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"];

/** `captcha`: reCAPTCHA keys are configured, so Google's script and frame are allowed. */
export function securityHeaders({ development, https, captcha = false }: { development: boolean; https: boolean; captcha?: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          ...(development ? ["'unsafe-inline'"] : []),
          ...(captcha ? CAPTCHA_SCRIPTS : []),
          tracking("script"),
        ],
        // 'self': the edit-mode phone preview shows the page in a frame (decision 0051).
        "frame-src": captcha ? ["'self'", ...CAPTCHA_FRAMES] : ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", tracking("img")],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...(development ? ["ws:", "wss:"] : []), tracking("connect")],
        "frame-ancestors": ["'self'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        // Only behind https: on plain http it would break every asset request.
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    // helmet's default no-referrer makes Chromium send Origin: null on form posts, which
    // Remix refuses (DESIGN.md pitfalls).
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
