import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { CookieBanner } from "~/modules/site/cookie-banner";
import { Footer } from "~/modules/site/footer";
import { Header } from "~/modules/site/header";
import { Splash } from "~/modules/site/splash";
import { WishlistForm } from "~/modules/wishlist/wishlist-button";
import { requestLocale } from "~/modules/site/locale.server";
import { layoutData } from "~/modules/site/layout.server";
import { revalidateUnlessQueryOnly } from "~/lib/revalidate";

/** Main site layout (spec §2 Layouts): header, content, footer, cookie notice. */
export const shouldRevalidate = revalidateUnlessQueryOnly;

export async function loader({ request }: LoaderFunctionArgs) {
  return layoutData(request, requestLocale(request).locale);
}

export default function SiteLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      {data.showSplash ? <Splash logo={data.logo} /> : null}
      <Header data={data} />
      <main id="content" className="flex-1">
        <Outlet />
      </main>
      <Footer data={data} />
      <CookieBanner text={data.cookieText} />
      <WishlistForm />
    </div>
  );
}
