import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { HoneypotProvider } from "~/components/honeypot-inputs";
import { readAcceptedCookies } from "./.server/cookies.server";
import { env } from "./.server/env.server";
import { csrf, honeypot } from "./.server/security.server";
import { popToast } from "./.server/toast.server";
import { ErrorView as ErrorViewNow } from "./components/error-view";
import { MaintenanceView as MaintenanceViewNow } from "./components/maintenance-view";
import { serverFirst } from "./lib/server-first";
import { HeadLinks } from "./components/head-links";
import { TrackingScripts } from "./components/tracking-scripts";
import { Toasts } from "./components/toasts";
import { requestLocale, shopperOf } from "~/.server/shopper.server";
import { maintenanceMessage, staffMaintenanceNotice } from "./modules/site/maintenance.server";
import { getSiteContext } from "./modules/site/site.server";
import { wwwPolicyRedirect } from "./modules/site/www-policy.server";
import { trackingScript } from "./modules/consent/tracking-snippets.server";
import { trackingTagsFor, untrackedPath } from "./modules/consent/tracking.server";
import { MessagesScript, PageI18nProvider, usePageI18n, type I18nHandle } from "./lib/i18n";
import { useNonce } from "./lib/nonce";
import stylesheet from "./styles/app.css?url";
import { revalidateUnlessQueryOnly } from "~/lib/revalidate";
import { keptProductsText } from "~/lib/wishlist-fields";

// The progress bar only shows client navigations, so it loads after hydration (first-load JS budget).
const ProgressBar = lazy(() => import("./components/progress-bar").then((m) => ({ default: m.ProgressBar })));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Alu Krov" }];

export const shouldRevalidate = revalidateUnlessQueryOnly;

// Messages every page shows: header and footer texts, cookie banner, toasts, error and maintenance views, validation.
export const handle: I18nHandle = { i18n: ["core", "error", "site"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale, setCookie: localeSetCookie } = requestLocale(request);
  const [shopper, site, { toast, setCookie: toastSetCookie }, [csrfToken, csrfSetCookie]] = await Promise.all([
    shopperOf(request),
    getSiteContext(locale),
    popToast(request),
    csrf.commitToken(request),
  ]);
  const { user } = shopper;

  const canonicalHost = wwwPolicyRedirect(request.url, site.options.WwwPolicy);
  if (canonicalHost) throw redirect(canonicalHost, 301);

  // Maintenance (spec §1): everyone but backoffice users sees only the maintenance view.
  const path = new URL(request.url).pathname;
  const maintenance = site.site.maintenanceMode && !user?.isBackofficeUser && !/^\/admin(Login|\/|$)/.test(path);

  // The kept products, for the hearts on every card (spec §4 Wishlist): the customer's (read
  // with the session), or a visitor's until they sign in (decision 0129); logout empties it.
  const wishlist = keptProductsText(user ? shopper.wishlist : shopper.guestWishlist);

  const acceptedCookies = readAcceptedCookies(request);
  const headers = new Headers();
  for (const cookie of [localeSetCookie, toastSetCookie, csrfSetCookie]) if (cookie) headers.append("Set-Cookie", cookie);
  if (maintenance) {
    headers.set("Retry-After", "3600");
    throw data({ maintenance: true, locale, message: maintenanceMessage(site.options, locale) }, { status: 503, headers });
  }

  // A backoffice user sees the shop during maintenance: say so on the shop's pages (the
  // backoffice has its own notice), in a text only they are sent; shoppers get no key at all.
  const staffNotice =
    site.site.maintenanceMode && user?.isBackofficeUser && !path.startsWith("/admin")
      ? { staffNotice: await staffMaintenanceNotice(locale) }
      : {};

  return data(
    {
      locale,
      ...staffNotice,
      user: user ? { firstName: user.firstName, email: user.email, isBackofficeUser: user.isBackofficeUser } : null,
      wishlist,
      toast,
      csrfToken,
      honeypotInputProps: honeypot.getInputProps(),
      acceptedCookies,
      // Analytics and marketing tags of the accepted cookie categories, never in edit mode.
      // Nor on a page whose address is a secret link (a draft's preview, decision 0124): the tags report the address.
      tracking: trackingTagsFor(site.options, acceptedCookies, user?.isBackofficeUser === true || untrackedPath(path)).map(trackingScript),
      // Absolute URLs in the head (canonical, hreflang) use the public address when set.
      origin: env.PUBLIC_URL,
    },
    { headers },
  );
}

export type RootData = typeof loader;

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  // Language and message namespaces of the matched routes (DESIGN.md pitfall: from the route, not detected).
  const page = usePageI18n();
  const nonce = useNonce();
  // Effects run after the whole tree has hydrated: the mark tells browser tests (and
  // anyone debugging) that handlers are attached.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={page.lng}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root ? <HeadLinks origin={root.origin} locale={root.locale} /> : null}
        {root ? <TrackingScripts scripts={root.tracking} /> : null}
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        <PageI18nProvider value={page}>{children}</PageI18nProvider>
        <MessagesScript page={page} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Its own component: the hydration flag re-renders it alone, not the app below (Lighthouse TBT, decision 0066). */
function ProgressBarSlot() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <ProgressBar />
    </Suspense>
  ) : null;
}

export default function App() {
  const { csrfToken, honeypotInputProps, toast, staffNotice } = useLoaderData<typeof loader>();
  return (
    <AuthenticityTokenProvider token={csrfToken}>
      <HoneypotProvider {...honeypotInputProps}>
        <ProgressBarSlot />
        {staffNotice ? (
          <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900" data-testid="staff-maintenance-notice">
            {staffNotice}
          </p>
        ) : null}
        {/* Before the page: without JavaScript its status message is a line at the top (app.css). */}
        <Toasts toast={toast} />
        <Outlet />
      </HoneypotProvider>
    </AuthenticityTokenProvider>
  );
}

// Only error and maintenance pages show these: their code stays out of every page's
// first-load JavaScript and is fetched when an error is shown (the first-load budget).
const ErrorView = serverFirst(import.meta.env.SSR ? ErrorViewNow : null, () => import("./components/error-view").then((m) => m.ErrorView));
const MaintenanceView = serverFirst(import.meta.env.SSR ? MaintenanceViewNow : null, () =>
  import("./components/maintenance-view").then((m) => m.MaintenanceView),
);

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503 && error.data?.maintenance)
    return <MaintenanceView message={typeof error.data.message === "string" ? error.data.message : null} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A route's own translated reason (thrown as data({ detail }, { status })), shown under the message.
  const detail = isRouteErrorResponse(error) && typeof error.data?.detail === "string" ? (error.data.detail as string) : null;
  return <ErrorView status={status} detail={detail} />;
}
