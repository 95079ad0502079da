import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { getFixedT } from "~/.server/i18n.server";
import { requestLocale } from "~/modules/site/locale.server";
import { localePrefix } from "~/lib/locales";
import { titleMeta } from "~/lib/meta";

/** Order success (spec §2): thanks, the orderSlug query parameter when present, a link home. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  const orderSlug = new URL(request.url).searchParams.get("orderSlug")?.slice(0, 64) ?? null;
  return { locale, orderSlug, title: `${t("checkout.success.title")} | Alu Krov` };
}

export const meta = titleMeta;

export default function CheckoutSuccess() {
  const { locale, orderSlug } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="checkout-success">
      <h1 className="text-3xl font-bold text-brand-900">{t("checkout.success.title")}</h1>
      {orderSlug ? (
        <p className="mt-4 text-lg" data-testid="order-slug">
          {t("checkout.success.orderNumber")}: <strong>{orderSlug}</strong>
        </p>
      ) : null}
      <p className="mt-4 text-slate-600">{t("checkout.success.received")}</p>
      <Link to={localePrefix(locale) || "/"} className="mt-8 inline-block rounded bg-brand-600 px-4 py-2 text-white">
        {t("error.backHome")}
      </Link>
    </section>
  );
}
