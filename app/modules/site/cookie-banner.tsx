import { useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { serverFirst } from "~/lib/server-first";
import type { RootData } from "~/root";
import { CookieBannerForm as CookieBannerFormNow } from "./cookie-banner-form";

// Only a first visit (no acceptedCookies cookie yet) shows the banner, so its form stays
// out of every page's first-load JavaScript: the server renders it, the browser fetches
// its code when the page shows it (issue 3 §6 budget).
const CookieBannerForm = serverFirst(import.meta.env.SSR ? CookieBannerFormNow : null, () =>
  import("./cookie-banner-form").then((m) => m.CookieBannerForm),
);

/**
 * Cookie notice (spec §4 Other): shown while there is no acceptedCookies cookie. Once
 * shown it stays mounted (hidden) after the answer, to start the accepted tags.
 */
export function CookieBanner({ text }: { text: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const [asked] = useState(!root?.acceptedCookies);
  return asked ? <CookieBannerForm text={text} /> : null;
}
