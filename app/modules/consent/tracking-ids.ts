import type { TrackingKind } from "./tracking-snippets.server";

/**
 * The id formats of the tracking providers (spec §3 GoogleAnalyticsId, GoogleTagManagerId,
 * FacebookPixelId). An id goes into a script: only the provider's own format is accepted,
 * so an option value can never become code. The shop checks them before rendering a tag
 * (tracking.server.ts) and the settings form before saving one (modules/settings).
 */
export const TRACKING_ID_FORMAT: Record<TrackingKind, RegExp> = {
  googleAnalytics: /^(G-[A-Z0-9]{4,20}|UA-\d{4,12}-\d{1,4})$/,
  googleTagManager: /^GTM-[A-Z0-9]{4,12}$/,
  facebookPixel: /^\d{5,20}$/,
};
