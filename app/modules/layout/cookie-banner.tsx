import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { wantsCookieSettings } from "~/lib/cookie-consent";
import { useState } from "react";
import { serverFirst } from "~/lib/server-first";
import type { RootData } from "~/root";
import { CookieBannerForm as CookieBannerFormNow } from "~/modules/layout/cookie-banner-form";

// Only a first visit (no acceptedCookies cookie yet) shows the banner, so its form stays
// out of every page's first-load JavaScript: the server renders it, the browser fetches
// its code when the page shows it (the first-load budget, tests/integration/first-load-budget.test.ts).
const CookieBannerForm = serverFirst(import.meta.env.SSR ? CookieBannerFormNow : null, () =>
  import("~/modules/layout/cookie-banner-form").then((m) => m.CookieBannerForm),
);

/**
 * Cookie notice (spec §4 Other): shown while there is no acceptedCookies cookie, and again
 * when the footer's "Postavke kolačića" link asks for it (?cookies=settings, with the
 * current choices ticked). Once shown it stays mounted (hidden) after the answer, to start
 * the accepted tags.
 */
export function CookieBanner({ text }: { text: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const { search } = useLocation();
  const [asked] = useState(!root?.acceptedCookies);
  const reopened = wantsCookieSettings(search);
  return asked || reopened ? <CookieBannerForm text={text} reopened={reopened} /> : null;
}
