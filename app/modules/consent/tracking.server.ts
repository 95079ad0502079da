import type { CookieCategory } from "~/lib/cookie-consent";
import { getSiteContext } from "~/modules/site/site.server";
import { TRACKING_ID_FORMAT as ID_FORMAT } from "./tracking-ids";
import { TRACKING_CATEGORY, type TrackingKind, type TrackingTag } from "./tracking-snippets.server";
import { UNTRACKED_ROUTE_PATHS } from "~/lib/route-policy";

const OPTION_KEYS: Record<TrackingKind, string> = {
  googleAnalytics: "GoogleAnalyticsId",
  googleTagManager: "GoogleTagManagerId",
  facebookPixel: "FacebookPixelId",
};

/** The configured tags with a valid id, whatever the visitor accepted. */
export function configuredTrackingTags(options: Record<string, unknown>): TrackingTag[] {
  return (Object.keys(OPTION_KEYS) as TrackingKind[]).flatMap((kind) => {
    // A pixel id is all digits: the option may hold it as a JSON number.
    const value = options[OPTION_KEYS[kind]];
    const id = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    return ID_FORMAT[kind].test(id) ? [{ kind, id }] : [];
  });
}

/**
 * The tags this visitor's page carries (consent first: spec §3 CookieNotice): only those whose
 * cookie category was accepted, and none for back-office users, whose pages are the editing mode.
 */
/** Whether a page runs no tracking tag at all: its address is a secret link (a draft's preview, decision 0124). */
export function untrackedPath(pathname: string): boolean {
  return UNTRACKED_ROUTE_PATHS.test(pathname);
}

export function trackingTagsFor(options: Record<string, unknown>, accepted: CookieCategory[] | null, backoffice: boolean): TrackingTag[] {
  if (backoffice || !accepted) return [];
  return configuredTrackingTags(options).filter((tag) => accepted.includes(TRACKING_CATEGORY[tag.kind]));
}

/**
 * What the Content-Security-Policy must allow for the configured tags. It follows the
 * configuration, not the visitor's consent: a visitor who accepts on the page loads the
 * tags without a new document (and so without a new policy).
 */
export function trackingCspSources(tags: TrackingTag[]): { script: string[]; connect: string[]; img: string[] } {
  const script = new Set<string>();
  const connect = new Set<string>();
  const img = new Set<string>();
  for (const tag of tags) {
    if (tag.kind === "facebookPixel") {
      script.add("https://connect.facebook.net");
      connect.add("https://www.facebook.com");
      img.add("https://www.facebook.com");
    } else {
      script.add("https://www.googletagmanager.com");
      for (const host of ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"]) {
        connect.add(host);
        img.add(host);
      }
    }
  }
  return { script: [...script], connect: [...connect], img: [...img] };
}

/** The hosts of the tags the cached site options configure (server.ts hands this to its CSP middleware). */
export async function configuredTrackingCsp() {
  const { options } = await getSiteContext("hr");
  return trackingCspSources(configuredTrackingTags(options));
}
