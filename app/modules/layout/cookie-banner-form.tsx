import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withCookieSettings } from "~/lib/cookie-consent";
import { useTranslation } from "~/lib/i18n";
import { SecureFetcherForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { injectTrackingScripts } from "~/components/tracking-inject";
import type { RootData } from "~/root";

/**
 * The cookie notice's choices (spec §4 Other). Necessary cookies are always on; marketing
 * and analytics are chosen. Without JavaScript the form posts and redirects back; with
 * it, a fetcher posts and the banner hides at once; the tags of the categories just
 * accepted then run without a new page, as soon as the visitor consents.
 */
export function CookieBannerForm({ text, reopened = false }: { text: string; reopened?: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  const present = useRef(new Set((root?.tracking ?? []).map((s) => s.kind)));
  useEffect(() => {
    if (root?.acceptedCookies) injectTrackingScripts(root.tracking, present.current);
  }, [root]);
  if ((root?.acceptedCookies && !reopened) || fetcher.state !== "idle" || fetcher.data) return null;
  // Reopened from the footer: today's choices ticked; the answer goes back to the page without the query.
  const accepted = root?.acceptedCookies ?? [];
  return (
    <section
      role="dialog"
      aria-labelledby="cookie-banner-title"
      // In edit mode it sits above the editor's toolbar (whose height the editor sets), never over it.
      className="cookie-banner fixed inset-x-0 bottom-[var(--edit-toolbar-height,0px)] z-50 overflow-y-auto border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_20px_rgba(0,0,0,0.08)] lg:py-4"
      data-testid="cookie-banner"
    >
      <SecureFetcherForm
        fetcher={fetcher}
        action="/actions/cookie-consent"
        className="mx-auto flex max-w-7xl flex-col gap-3 lg:flex-row lg:items-center lg:gap-4"
      >
        <input type="hidden" name="redirectTo" value={withCookieSettings(location.pathname, location.search, false)} />
        <div className="flex-1">
          <h2 id="cookie-banner-title" className="font-semibold">
            {t("site.cookies.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{text}</p>
          <fieldset className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <legend className="sr-only">{t("site.cookies.categories")}</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="categories" value="necessary" checked disabled />
              {t("site.cookies.necessary")}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="categories" value="marketing" defaultChecked={accepted.includes("marketing")} />
              {t("site.cookies.marketing")}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="categories" value="analytics" defaultChecked={accepted.includes("analytics")} />
              {t("site.cookies.analytics")}
            </label>
          </fieldset>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button name="choice" value="necessary" variant="ghost" size="sm" className="border border-slate-300">
            {t("site.cookies.onlyNecessary")}
          </Button>
          <Button name="choice" value="selected" variant="secondary" size="sm">
            {t("site.cookies.acceptSelected")}
          </Button>
          <Button name="choice" value="all" size="sm">
            {t("site.cookies.acceptAll")}
          </Button>
        </div>
      </SecureFetcherForm>
    </section>
  );
}
