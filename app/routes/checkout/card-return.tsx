import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { useTranslation } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { settleCardReturn } from "~/modules/checkout/card-return.server";
import { requestLocale } from "~/.server/shopper.server";
import { buttonClass } from "~/components/ui/button-class";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["payment"] };

/**
 * The card provider sends the shopper back here (pgSuccess of spec §7, decision 0012).
 * The signed answer is checked before anything: paid → the success page with the order
 * number; declined or cancelled → the failure page with a way to try again; a bad or
 * missing signature changes nothing and says so here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const orderId = Number(params.orderId);
  const settled = await settleCardReturn(new URL(request.url).searchParams, Number.isSafeInteger(orderId) ? orderId : -1);
  if (settled) {
    const query = `?orderSlug=${encodeURIComponent(settled.slug)}`;
    throw redirect(`${href(settled.paymentStatus === "paid" ? "checkoutSuccess" : "checkoutFailure", locale)}${query}`);
  }
  const t = await getFixedT(locale);
  return data({ locale, title: `${t("payment.card.badSignatureTitle")} | Alu Krov` }, { status: 400 });
}

export const meta = titleMeta;

export default function CardReturn() {
  const { locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="card-return-invalid">
      <h1 className="text-3xl font-bold text-red-700">{t("payment.card.badSignatureTitle")}</h1>
      <p className="mt-4 text-slate-600">{t("payment.card.badSignature")}</p>
      <Link to={href("profile", locale)} className={buttonClass({ className: "mt-8" })}>
        {t("payment.card.toOrders")}
      </Link>
    </section>
  );
}
