import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { orderRefOf } from "~/modules/order/order-admin-view.server";
import { paymentSlipFileName, renderPaymentSlip } from "~/modules/documents/payment-slip.server";
import { requireStaff } from "~/routes/http/staff.server";
import { documentDownload } from "~/routes/http/document-route.server";

/** The printable HUB-3 payment order of a bank-transfer order (decision 0104); 404 for any other way of paying. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const order = params.slug ? await orderRefOf(params.slug) : null;
  if (!order || order.paymentGateway !== "bankTransfer") throw new Response("Not Found", { status: 404 });
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  return documentDownload(
    async () => ({
      pdf: await renderPaymentSlip(order, t, locale),
      fileName: paymentSlipFileName(order, t),
      number: order.slug,
    }),
    order.page,
    `payment slip of order ${order.slug}`,
  );
}
