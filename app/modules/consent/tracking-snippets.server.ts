import type { CookieCategory } from "~/lib/cookie-consent";

/** What the page head renders for one tag: loader data, so no snippet code ships in the bundle. */
export type TrackingScript = { kind: TrackingKind; src: string | null; inline: string };

export function trackingScript(tag: TrackingTag): TrackingScript {
  return { kind: tag.kind, src: trackingScriptSrc(tag), inline: trackingInlineScript(tag) };
}

/**
 * Analytics and marketing tags from the CMS options (GoogleAnalyticsId, GoogleTagManagerId,
 * FacebookPixelId; spec §3) and the cookie category each needs (none runs without its consent).
 * Shared by the server (which picks them) and the page head (which renders them).
 */
export type TrackingKind = "googleAnalytics" | "googleTagManager" | "facebookPixel";
export type TrackingTag = { kind: TrackingKind; id: string };

export const TRACKING_CATEGORY: Record<TrackingKind, Exclude<CookieCategory, "necessary">> = {
  googleAnalytics: "analytics",
  googleTagManager: "analytics",
  facebookPixel: "marketing",
};

/** The external script of a tag (null: the inline snippet loads it itself). */
export function trackingScriptSrc(tag: TrackingTag): string | null {
  return tag.kind === "googleAnalytics" ? `https://www.googletagmanager.com/gtag/js?id=${tag.id}` : null;
}

/** The inline snippet of a tag. Ids are checked against their formats before they get here. */
export function trackingInlineScript(tag: TrackingTag): string {
  const id = JSON.stringify(tag.id);
  switch (tag.kind) {
    case "googleAnalytics":
      return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config",${id});`;
    case "googleTagManager":
      return `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":new Date().getTime(),event:"gtm.js"});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+i;var n=d.querySelector("script[nonce]");if(n)j.nonce=n.nonce;f.parentNode.insertBefore(j,f)})(window,document,"script","dataLayer",${id});`;
    case "facebookPixel":
      return `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version="2.0";n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;var c=b.querySelector("script[nonce]");if(c)t.nonce=c.nonce;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,"script","https://connect.facebook.net/en_US/fbevents.js");fbq("init",${id});fbq("track","PageView");`;
  }
}
