import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { getFixedT } from "~/.server/i18n.server";
import { requestLocale, getCurrentUser } from "~/.server/shopper.server";
import { localePrefix } from "~/lib/locales";
import { loaderCacheControl, titleMeta } from "~/lib/meta";
import { addressLines } from "~/modules/checkout/checkout.server";
import { OrderSummary } from "~/modules/order/order-summary";
import { visibleOrder } from "~/modules/order/order-access.server";
import { rememberedOrder } from "~/.server/shopper-cookies.server";
import { getSiteContext } from "~/modules/site/site.server";
import { BankTransferDetails } from "~/modules/payment/bank-transfer/bank-transfer-details";
import { bankTransferInfo } from "~/modules/payment/bank-transfer/bank-transfer.server";
import { buttonClass } from "~/components/ui/button-class";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["cart", "checkout", "payment"] };

/**
 * Order success (spec §2): thanks, the orderSlug query parameter when present, a link
 * home; the order's summary only for its customer or the browser that placed it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  const orderSlug = new URL(request.url).searchParams.get("orderSlug")?.slice(0, 64) ?? null;
  const [user, site] = await Promise.all([getCurrentUser(request), getSiteContext(locale)]);
  const found = await visibleOrder(orderSlug, user?.id ?? null, await rememberedOrder(request));
  const summary = found
    ? {
        items: found.items.map((i) => ({
          id: i.id,
          name: i.name,
          sku: i.sku,
          quantity: i.quantity,
          lengthMm: i.lengthMm,
          rowCents: i.rowCents,
        })),
        totals: {
          itemsTotal: found.order.itemsTotalCents,
          coupon: found.order.couponCents,
          delivery: found.order.deliveryCents,
          tax: found.order.taxCents,
          orderTotal: found.order.orderTotalCents,
        },
        delivery: `${found.order.deliveryMethodName}${found.order.deliveryBranchName ? ` — ${found.order.deliveryBranchName}` : ""}`,
        payment: found.order.paymentMethodName,
        deliveryAddress: addressLines(found.order.deliveryAddress)?.lines ?? [],
        billingAddress: addressLines(found.order.billingAddress)?.lines ?? [],
      }
    : null;
  // Decision 0020: a bank transfer's payment details and HUB-3 barcode, for the
  // order's own shopper only; a failing barcode must not take the thanks page down.
  const bankTransfer =
    found && found.order.paymentGateway === "bankTransfer" && found.order.paymentStatus !== "paid"
      ? await bankTransferInfo(found.order, locale).catch((error: unknown) => {
          console.error("bank transfer details failed", error);
          return null;
        })
      : null;
  return data(
    {
      locale,
      orderSlug,
      summary,
      bankTransfer,
      currency: { label: site.currency.label, symbol: site.currency.symbol },
      title: `${t("checkout.success.title")} | Alu Krov`,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

// The summary belongs to one shopper: never kept by a shared cache.
export const headers = loaderCacheControl;

export const meta = titleMeta;

export default function CheckoutSuccess() {
  const { locale, orderSlug, summary, bankTransfer, currency } = useLoaderData<typeof loader>();
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
      {bankTransfer ? (
        <div className="mt-6 text-left">
          <BankTransferDetails info={bankTransfer} />
        </div>
      ) : null}
      {summary ? <OrderSummary summary={summary} currency={currency} locale={locale} /> : null}
      <Link to={localePrefix(locale) || "/"} className={buttonClass({ className: "mt-8" })}>
        {t("error.backHome")}
      </Link>
    </section>
  );
}
