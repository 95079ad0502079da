import type { NextFunction, Request, Response } from "express";

/**
 * X-Forwarded-* headers are believed only from the proxies named in TRUST_PROXY (DESIGN.md
 * "Trust boundaries", decision 0032). Express already ignores them for req.ip,
 * req.protocol and req.hostname when the peer is not trusted, but other readers do not ask:
 * @remix-run/express takes the port of X-Forwarded-Host as is, and the same-origin check
 * and the page cache read the header themselves. So a request from any other peer loses
 * them here, before anything reads them.
 */
const FORWARDED = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-prefix"];

export type TrustFunction = (address: string, hop: number) => boolean;

export function dropUntrustedForwardedHeaders(trust: TrustFunction) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const peer = req.socket.remoteAddress ?? "";
    if (!trust(peer, 0)) for (const name of FORWARDED) delete req.headers[name];
    next();
  };
}
