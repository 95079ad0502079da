import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFixedT } from "~/.server/i18n.server";
import { handleUnknownPath } from "~/modules/cms/redirects.server";
import { requestLocale } from "~/modules/site/locale.server";
import { getSiteContext } from "~/modules/site/site.server";
import { titleMeta } from "~/lib/meta";

/**
 * The catch-all page or post (spec §2): no slug, or the HomePageSlug, is the home page.
 * Other slugs are CMS pages; an unknown one is logged and answered by a redirect or 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const site = await getSiteContext(locale);
  const t = await getFixedT(locale);
  if (!params.slug || params.slug === site.homeSlug) {
    return { kind: "home" as const, title: `${site.site.name}`, siteName: site.site.name };
  }
  const path = new URL(request.url).pathname;
  const target = await handleUnknownPath(path);
  if (target) throw redirect(target.to, target.status);
  throw new Response(t("error.pageNotFound"), { status: 404 });
}

export const meta = titleMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-600 px-4 py-24 text-white" data-testid="home">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-4xl font-bold md:text-5xl">{data.siteName}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">{t("site.home.lead")}</p>
      </div>
    </section>
  );
}
