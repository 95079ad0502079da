import type { NextFunction, Request, Response } from "express";
import { configuredTrackingTags, trackingCspSources } from "~/modules/consent/tracking.server";
import { getSiteContext } from "~/modules/site/site.server";

export type TrackingCsp = ReturnType<typeof trackingCspSources>;
const NONE: TrackingCsp = { script: [], connect: [], img: [] };

/**
 * The hosts the configured analytics and marketing tags load from, for the page's
 * Content-Security-Policy (securityHeaders reads res.locals.trackingCsp). Read from the
 * cached site options; build files and media need no policy of their own.
 */
export async function trackingCsp(req: Request, res: Response, next: NextFunction) {
  res.locals.trackingCsp = NONE;
  if (req.path.startsWith("/assets/") || req.path.startsWith("/media/")) return next();
  try {
    const { options } = await getSiteContext("hr");
    res.locals.trackingCsp = trackingCspSources(configuredTrackingTags(options));
  } catch (error) {
    // Without the options the page gets no tags either: the strict policy is right.
    console.error(error);
  }
  next();
}
