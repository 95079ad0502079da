import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { getFixedT } from "~/.server/i18n.server";
import { requestLocale } from "~/.server/shopper.server";
import { href } from "~/lib/routes-table";
import { titleMeta } from "~/lib/meta";
import { buttonClass } from "~/components/ui/button-class";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["checkout", "payment"] };

/** Checkout failure (spec §2): the failure title and a way back to the cart. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  // A card payment that failed or was cancelled names its order: the way back to pay again.
  const orderSlug = new URL(request.url).searchParams.get("orderSlug")?.slice(0, 64) || null;
  return { locale, orderSlug, title: `${t("checkout.checkoutFailureTitle")} | Alu Krov` };
}

export const meta = titleMeta;

export default function CheckoutFailure() {
  const { locale, orderSlug } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="checkout-failure">
      <h1 className="text-3xl font-bold text-red-700">{t("checkout.checkoutFailureTitle")}</h1>
      <p className="mt-4 text-slate-600">{t("checkout.failureText")}</p>
      {orderSlug ? (
        <Link
          to={href("profileOrder", locale, { slug: orderSlug })}
          className={buttonClass({ className: "mt-8" })}
          data-testid="retry-payment"
        >
          {t("payment.card.tryAgain")}
        </Link>
      ) : (
        <Link to={href("cart", locale)} className={buttonClass({ className: "mt-8" })}>
          {t("checkout.backToCart")}
        </Link>
      )}
    </section>
  );
}
