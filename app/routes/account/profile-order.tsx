import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/.server/env.server";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { payAgainSchema } from "~/modules/account/account.schema";
import { OrderDetailView } from "~/modules/order/order-detail";
import { requireOwnOrder } from "~/routes/http/order-route.server";
import { bankTransferInfo } from "~/modules/payment/bank-transfer/bank-transfer.server";
import { restartCardPayment } from "~/modules/order/pay-again.server";
import { downloadsView } from "~/modules/order/downloads.server";
import { awaitsPayment } from "~/modules/order/order-states";
import { requestLocale } from "~/.server/shopper.server";
import { toastDomainError } from "~/.server/http/domain-error.server";
import { customerDocumentLinks } from "~/modules/documents/customer-documents.server";
import { orderPartsOf } from "~/modules/order/order-parts.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "checkout", "documents", "orders", "payment"] };

/**
 * One order of the signed-in customer (spec §2 Profile): lines, totals, addresses,
 * delivery, payment status, the invoice, the payment slip of an unpaid bank transfer and
 * "Pay now" for an unpaid card order. Only its owner sees it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const { order } = await requireOwnOrder(request, locale, params.slug);
  const t = await getFixedT(locale);
  // Owed still: not paid, not given back, the order not cancelled (decision 0039).
  const unpaid = awaitsPayment(order);
  const bankTransfer =
    unpaid && order.paymentGateway === "bankTransfer"
      ? await bankTransferInfo({ ...order, orderTotalCents: order.totals.total }, locale).catch((error: unknown) => {
          console.error("bank transfer details failed", error);
          return null;
        })
      : null;
  return data(
    {
      locale,
      title: `${t("orders.detail.title", { slug: order.slug })} | Alu Krov`,
      order,
      bankTransfer,
      canPay: unpaid && order.paymentGateway === "card",
      // E-product download links once paid (decision 0030).
      downloads: await downloadsView(order),
      // The issued documents (decision 0104); an order from before them has its invoice issued now.
      documents: await customerDocumentLinks(order, locale),
      // What was sent and what is still to come of an order shipped in parts.
      parts: await orderPartsOf(order),
      backHref: href("profile", locale),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});

export const meta = titleMeta;

/** "Pay now": starts the card payment again and sends the shopper to the provider. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, payAgainSchema);
  const { locale } = requestLocale(request);
  const { user, order } = await requireOwnOrder(request, locale, params.slug);
  const self = href("profileOrder", locale, { slug: order.slug });
  if (submission.status !== "success") return redirect(self);
  try {
    const start = await restartCardPayment(user.id, order.slug, env.PUBLIC_URL);
    // The provider's URL comes from our own adapter (signed), never from the request.
    if (start?.kind === "redirect") return redirect(start.url);
    return redirect(self, { headers: await setToast({ type: "info", key: "payment.card.nothingToPay" }) });
  } catch (error) {
    return toastDomainError(error, self);
  }
}

export default function ProfileOrderPage() {
  const { order, bankTransfer, canPay, documents, backHref, locale, downloads, parts } = useLoaderData<typeof loader>();
  return (
    <OrderDetailView
      order={order}
      bankTransfer={bankTransfer}
      canPay={canPay}
      documents={documents}
      backHref={backHref}
      locale={locale}
      downloads={downloads}
      parts={parts}
    />
  );
}
