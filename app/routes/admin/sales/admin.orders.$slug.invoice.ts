import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import type { Locale } from "~/lib/locales";
import { getShopOrder } from "~/modules/account/orders.server";
import { requireStaff } from "~/routes/http/staff.server";
import { pdfResponse } from "~/routes/http/download.server";
import { invoiceFileName, renderInvoice } from "~/modules/documents/invoice.server";
import { getSellerDetails } from "~/modules/payment/seller.server";

/**
 * An order's invoice from the backoffice (decision 0039): the customer's document, in the
 * order's language, made as routes/account/profile-order-invoice.ts makes it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const order = params.slug ? await getShopOrder(params.slug) : null;
  if (!order) throw new Response("Not Found", { status: 404 });
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  try {
    return pdfResponse(await renderInvoice(order, await getSellerDetails(), t, locale), invoiceFileName(order, t));
  } catch (error) {
    console.error(`invoice of order ${order.slug} failed`, error);
    return redirect(`/admin/orders/${encodeURIComponent(order.slug)}`, {
      headers: await setToast({ type: "error", key: "orders.downloadFailed" }),
    });
  }
}
