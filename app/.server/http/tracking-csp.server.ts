import type { NextFunction, Request, Response } from "express";

/** Hosts a page's Content-Security-Policy must allow for the configured tracking tags. */
export type TrackingCsp = { script: string[]; connect: string[]; img: string[] };
const NONE: TrackingCsp = { script: [], connect: [], img: [] };

/**
 * The hosts the configured analytics and marketing tags load from, for the page's
 * Content-Security-Policy (securityHeaders reads res.locals.trackingCsp). `readSources`
 * comes from server.ts (the consent module reads them from the cached site options), so
 * this middleware knows no domain module; build files and media need no policy of their own.
 */
export function trackingCsp(readSources: () => Promise<TrackingCsp>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.trackingCsp = NONE;
    if (req.path.startsWith("/assets/") || req.path.startsWith("/media/")) return next();
    try {
      res.locals.trackingCsp = await readSources();
    } catch (error) {
      // Without the options the page gets no tags either: the strict policy is right.
      console.error(error);
    }
    next();
  };
}
