import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { href } from "~/lib/routes-table";
import type { Locale } from "~/lib/locales";
import { CART_MODAL_PARAM } from "~/modules/cart/cart-form";
import { CookieBanner } from "~/modules/layout/cookie-banner";
import { serverFirst } from "~/lib/server-first";
import { Footer as FooterNow } from "~/modules/layout/footer";
import { Header } from "~/modules/layout/header";
import { Splash as SplashNow } from "~/modules/layout/splash";
import { WishlistForm } from "~/components/wishlist-button";
import { shopperOf } from "~/.server/shopper.server";
import { cartSessionChangeCookies, headersWithCookies } from "~/.server/shopper-cookies.server";
import { layoutData } from "~/modules/layout/layout.server";
import { revalidateUnlessQueryOnly } from "~/lib/revalidate";
import { useTranslation, WithNamespaces } from "~/lib/i18n";
import { editModeOf } from "~/routes/http/edit-mode.server";
import { EditModeNote } from "~/modules/editing/ui/edit-mode-note";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["search", "wishlist"] };

// The footer is static markup below the fold: the server renders it and its code loads
// after the page is interactive instead of with it (the first-load budget).
const Footer = serverFirst(import.meta.env.SSR ? FooterNow : null, () => import("~/modules/layout/footer").then((m) => m.Footer));

// The splash plays only on the forced domain's first page: its code loads only there.
const Splash = serverFirst(import.meta.env.SSR ? SplashNow : null, () => import("~/modules/layout/splash").then((m) => m.Splash));

/** Main site layout (spec §2 Layouts): header, content, footer, cookie notice. */
export const shouldRevalidate = revalidateUnlessQueryOnly;

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await shopperOf(request);
  const { locale } = shopper;
  const [{ cartSession, ...layout }, editMode] = await Promise.all([
    layoutData(shopper, new URL(request.url).hostname),
    editModeOf(request, locale),
  ]);
  const headers = headersWithCookies(cartSessionChangeCookies(cartSession));
  // Edit mode (decision 0051) only for an editor: nobody else gets the key at all.
  return data(editMode ? { ...layout, editMode } : layout, { headers });
}

// Only a script opens the cart modal (?cart=open after an add), so it loads when first
// needed instead of with every page (first-load JS budget).
const CartModal = lazy(() => import("~/routes/storefront/cart-modal").then((m) => ({ default: m.CartModal })));
// Its messages load with it, not with every page (decision 0015).
const CART_MODAL_NAMESPACES = ["cart", "catalog", "enquiry", "captcha"];
// The in-page editor is its own chunk, loaded only when the loader says edit mode (decision 0051);
// the server renders its no-JavaScript note.
const EditMode = serverFirst(import.meta.env.SSR ? EditModeNote : null, () =>
  import("~/modules/editing/ui/edit-mode").then((m) => m.default),
);

/**
 * The cart modal, after an add with JavaScript (?cart=open). Its own component: the hydration
 * flag and the query string re-render this slot alone, not the header and the page around it
 * (a long task right after hydration, Lighthouse TBT, decision 0066).
 */
function CartModalSlot({ locale }: { locale: Locale }) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  if (!hydrated || params.get(CART_MODAL_PARAM) !== "open") return null;
  return (
    <Suspense fallback={null}>
      <WithNamespaces ns={CART_MODAL_NAMESPACES}>
        <CartModal cartPath={href("cart", locale)} />
      </WithNamespaces>
    </Suspense>
  );
}

export default function SiteLayout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      {/* The skip link (components/skip-link.tsx) written out here: as a shared module it was a chunk of its own on every page (first-load budget). */}
      <a href="#content" className="skip-link">
        {t("site.skipToContent")}
      </a>
      {/* The cookie notice comes right after the skip link in the Tab order (it asks first, and
          the last stop of a long page was too far to reach); fixed to the bottom of the screen,
          the page keeps room under it so that it hides nothing focused (.cookie-banner in app.css). */}
      <CookieBanner text={data.cookieText} />
      {data.showSplash ? <Splash logo={data.logo} /> : null}
      <Header data={data} />
      <main id="content" className="flex-1">
        <Outlet />
      </main>
      <Footer data={data} />
      <CartModalSlot locale={data.locale} />
      <WishlistForm />
      {"editMode" in data ? <EditMode noScript={data.editMode} /> : null}
    </div>
  );
}
