import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";
import { href } from "~/lib/routes-table";
import { titleMeta } from "~/lib/meta";
import { buttonClass } from "~/components/ui/button-class";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["routes"] };

/** Social login callback. It is off in the built-in configuration (spec §1): say so instead of failing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const [site, t] = await Promise.all([getSiteContext(locale), getFixedT(locale)]);
  return {
    enabled: site.site.socialLoginEnabled,
    locale,
    title: `${t("routes.socialLogin")} | ${site.site.name}`,
    description: metaDescription(t, "socialLogin"),
  };
}

export const meta = titleMeta;

export default function SocialLogin() {
  const { enabled, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="social-login">
      <h1 className="text-2xl font-bold">{t("routes.socialLogin")}</h1>
      <p className="mt-4 text-slate-600">{enabled ? t("site.socialLogin.processing") : t("site.socialLogin.disabled")}</p>
      <Link to={href("login", locale)} className={buttonClass({ className: "mt-6" })}>
        {t("site.socialLogin.toLogin")}
      </Link>
    </section>
  );
}
