import type { NextFunction, Request, Response } from "express";

/**
 * The address a request came from, for the staff's list of their sessions (decision 0085).
 * Express knows it (req.ip, which believes X-Forwarded-For only from TRUST_PROXY), the
 * Fetch Request that Remix hands a loader does not; so server.ts writes it into this header
 * on every request, over whatever a client sent under the same name.
 */
export const CLIENT_ADDRESS_HEADER = "x-shop-client-address";

export function stampClientAddress(req: Request, _res: Response, next: NextFunction) {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? "";
  next();
}

/** The client's address as server.ts stamped it; null when unknown. */
export function clientAddressOf(request: globalThis.Request): string | null {
  return request.headers.get(CLIENT_ADDRESS_HEADER)?.slice(0, 64) || null;
}
