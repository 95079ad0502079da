import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { useTranslation } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { requestLocale } from "~/modules/site/locale.server";

/**
 * The social login callback (spec §2, §7 social/oauth). The built-in configuration has
 * social login off (option SocialLogin, sites.social_login_enabled), so this page says
 * so and points to the login form instead of failing on a callback it cannot handle.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  return { locale, title: `${t("routes.socialLogin")} | Alu Krov` };
}

export const meta = titleMeta;

export default function SocialLoginPage() {
  const { locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="social-login">
      <h1 className="text-3xl font-bold text-brand-900">{t("routes.socialLogin")}</h1>
      <p className="mt-4 text-slate-700">{t("site.socialLogin.disabled")}</p>
      <Link to={href("login", locale)} className="mt-6 inline-block text-brand-700 underline">
        {t("site.socialLogin.toLogin")}
      </Link>
    </section>
  );
}
